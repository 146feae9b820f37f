import { ChevronLeft, ChevronRight } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { useT } from "~/i18n/react";
import { pageWindow } from "./page-window";

/** Pages 1 to N only, three around the current one, with previous and next (SPEC §2 Shop). */
export function Pagination({
  page,
  totalPages,
  hrefFor,
}: {
  page: number;
  totalPages: number;
  hrefFor: (page: number) => string;
}) {
  const t = useT();
  if (totalPages <= 1) return null;
  const pages = pageWindow(page, totalPages);
  const cell = "inline-flex size-10 items-center justify-center rounded-full text-sm font-medium";
  const edge = (target: number, label: string, icon: ReactNode, enabled: boolean) =>
    enabled ? (
      <Link to={hrefFor(target)} className={`${cell} hover:bg-surface-2`} aria-label={label} preventScrollReset={false}>
        {icon}
      </Link>
    ) : (
      <span className={`${cell} opacity-40`} aria-hidden>
        {icon}
      </span>
    );
  return (
    <nav aria-label={t("catalog.pagination")} className="mt-8 flex justify-center" data-testid="pagination">
      <ul className="flex items-center gap-1">
        <li>
          {edge(
            page - 1,
            t("catalog.previousPage"),
            <ChevronLeft className="size-5 rtl:rotate-180" aria-hidden />,
            page > 1,
          )}
        </li>
        {pages.map((n) => (
          <li key={n}>
            <Link
              to={hrefFor(n)}
              aria-label={t("catalog.pageN", { n })}
              aria-current={n === page ? "page" : undefined}
              className={`${cell} ${n === page ? "bg-ink text-surface" : "hover:bg-surface-2"}`}
            >
              {n}
            </Link>
          </li>
        ))}
        <li>
          {edge(
            page + 1,
            t("catalog.nextPage"),
            <ChevronRight className="size-5 rtl:rotate-180" aria-hidden />,
            page < totalPages,
          )}
        </li>
      </ul>
    </nav>
  );
}
