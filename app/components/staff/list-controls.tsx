import { useEffect, useState } from "react";
import { Search } from "lucide-react";
import { LIMITS } from "@core/constants";
import { useT } from "~/i18n/react";
import { Button } from "~/components/ui/button";

/** Search (debounced), page size 10/25/50/100, as the staff product and account lists use. */
export function ListControls({
  search,
  onSearch,
  pageSize,
  onPageSize,
  searchLabel,
  children,
}: {
  search: string;
  onSearch: (v: string) => void;
  pageSize: number;
  onPageSize: (n: number) => void;
  searchLabel: string;
  children?: React.ReactNode;
}) {
  const t = useT();
  const [text, setText] = useState(search);
  useEffect(() => setText(search), [search]);
  useEffect(() => {
    if (text === search) return;
    const id = setTimeout(() => onSearch(text), LIMITS.searchDebounceMs);
    return () => clearTimeout(id);
  }, [text, search, onSearch]);

  return (
    <div className="flex flex-wrap items-end gap-3">
      <label className="flex min-w-56 flex-1 flex-col gap-1 text-sm font-medium">
        {searchLabel}
        <span className="relative">
          <Search
            className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-muted"
            aria-hidden
          />
          <input
            type="search"
            value={text}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === "Enter") onSearch(text);
            }}
            className="w-full rounded-lg border border-line bg-surface py-2 ps-9 pe-3 text-sm outline-none focus:border-brand-500"
            data-testid="list-search"
          />
        </span>
      </label>
      <label className="flex flex-col gap-1 text-sm font-medium">
        {t("staff.pageSize")}
        <select
          value={pageSize}
          onChange={(e) => onPageSize(Number(e.target.value))}
          className="rounded-lg border border-line bg-surface px-3 py-2 text-sm"
          data-testid="page-size"
        >
          {LIMITS.pageSizes.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </label>
      {children}
    </div>
  );
}

export function Pager({ page, totalPages, onPage }: { page: number; totalPages: number; onPage: (p: number) => void }) {
  const t = useT();
  if (totalPages <= 1) return null;
  return (
    <nav className="flex items-center justify-center gap-3" aria-label={t("staff.pagination")}>
      <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t("common.previous")}
      </Button>
      <span className="text-sm text-muted">{t("staff.pageOf", { page, total: totalPages })}</span>
      <Button variant="outline" size="sm" disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
        {t("common.next")}
      </Button>
    </nav>
  );
}
