import type { ReactNode } from "react";

/**
 * Wide tables scroll sideways on a phone (390 px). The region is focusable and labelled, so a
 * keyboard user can scroll it with the arrow keys. It is positioned so that visually hidden
 * (absolutely positioned) labels in its cells are clipped by it too: otherwise they escape to the
 * page and make the whole page scroll sideways at 360 px.
 */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div
      role="region"
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable (axe scrollable-region-focusable).
      tabIndex={0}
      className="relative w-full overflow-x-auto rounded-xl border border-line"
    >
      {children}
    </div>
  );
}

export const th = "whitespace-nowrap px-3 py-2 text-start text-xs font-semibold uppercase tracking-wide text-muted";
export const td = "px-3 py-2 align-top text-sm";
export const tableClass = "w-full min-w-[640px] border-collapse [&_tbody_tr]:border-t [&_tbody_tr]:border-line";

/** A staff list table: labelled sideways-scrolling region, one header row, the rows as children. */
export function StaffTable({
  label,
  headers,
  testId,
  className = tableClass,
  children,
}: {
  label: string;
  headers: ReactNode[];
  testId?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <TableScroll label={label}>
      <table className={className} data-testid={testId}>
        <thead>
          <tr>
            {headers.map((h, i) => (
              <th key={i} className={th}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </TableScroll>
  );
}
