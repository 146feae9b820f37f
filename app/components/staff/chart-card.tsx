/**
 * The back office's figure and chart cards and the series they show, apart from the charts
 * themselves (charts.tsx, loaded on demand through lazy-charts.tsx).
 */
import { useLang } from "~/i18n/react";
import { staffLocale } from "./codes";

export interface SeriesPoint {
  label: string;
  value: number;
}

/** Dates from the API ("2025-03-10" or an ISO time) as a short label in the page's language. */
export function useDateLabel() {
  const lang = useLang();
  const fmt = new Intl.DateTimeFormat(staffLocale(lang), { day: "numeric", month: "short" });
  return (raw: string) => {
    const d = new Date(raw);
    return Number.isNaN(d.getTime()) ? raw : fmt.format(d);
  };
}

/** A chart with its numbers also as a visually hidden table, for screen readers. */
export function ChartCard({
  title,
  data,
  children,
  valueLabel,
  format,
}: {
  title: string;
  data: SeriesPoint[];
  children: React.ReactNode;
  valueLabel: string;
  format?: (n: number) => string;
}) {
  return (
    <figure className="flex flex-col gap-2 rounded-2xl border border-line bg-surface p-4">
      <figcaption className="font-semibold">{title}</figcaption>
      {children}
      {/* Hidden by a wrapper: a table keeps the width of its content whatever width it is given, so
          an sr-only table would still stick out of a 360 px page. */}
      <div className="sr-only">
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">{title}</th>
              <th scope="col">{valueLabel}</th>
            </tr>
          </thead>
          <tbody>
            {data.map((p, i) => (
              <tr key={i}>
                <td>{p.label}</td>
                <td>{format ? format(p.value) : p.value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}

export function FigureCard({
  label,
  value,
  hint,
  testId,
}: {
  label: string;
  value: React.ReactNode;
  hint?: React.ReactNode;
  testId?: string;
}) {
  return (
    <div className="flex flex-col gap-1 rounded-2xl border border-line bg-surface p-4" data-testid={testId}>
      <span className="text-sm text-muted">{label}</span>
      {/* A card is narrower than "EGP 1,379,241.50" at most widths (161 px of text in six columns
          at 1280 px, 128 px in two at 360 px). The price's no-break space becomes a space here, so
          the figure breaks between the currency and the amount, never inside the number; it may
          wrap anywhere only where a number alone is wider than its card, not to push the page sideways. */}
      <span className="text-lg font-semibold [overflow-wrap:anywhere] sm:text-2xl">
        <bdi>{typeof value === "string" ? value.replaceAll("\u00a0", " ") : value}</bdi>
      </span>
      {hint ? <span className="text-xs text-muted">{hint}</span> : null}
    </div>
  );
}

/** Time-series items from the API, whatever their value field is called, as label and value. */
export function toSeries(items: unknown, valueKeys: string[], label: (raw: string) => string): SeriesPoint[] {
  if (!Array.isArray(items)) return [];
  return items.map((item: Record<string, unknown>) => {
    const key =
      valueKeys.find((k) => typeof item[k] === "number") ??
      Object.keys(item).find((k) => k !== "date" && k !== "_id" && typeof item[k] === "number");
    const raw = String(item.date ?? item.name ?? item._id ?? "");
    return { label: item.date ? label(raw) : raw, value: key ? Number(item[key]) : 0 };
  });
}
