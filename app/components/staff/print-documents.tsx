/**
 * All Orders: pick orders of the page and print their packing slips and labels as one PDF, or
 * download one order's invoice (issue 17 §4). A plain GET form of checkboxes: the browser downloads
 * the file itself, with or without scripts (decision 182); scripts only count the selection.
 */
import { useState } from "react";
import { FileDown, Printer } from "lucide-react";
import { MAX_PRINT_ORDERS } from "@core/validation/documents";
import { useT } from "~/i18n/react";

interface PrintableOrder {
  _id: string;
  orderNumber: string;
}

export function PrintDocuments({ orders }: { orders: PrintableOrder[] }) {
  const t = useT();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  if (orders.length === 0) return null;
  const toggle = (id: string, on: boolean) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const tooMany = selected.size > MAX_PRINT_ORDERS;
  return (
    <details className="rounded-2xl border border-line p-3" data-testid="print-documents">
      <summary className="flex cursor-pointer items-center gap-2 text-sm font-medium">
        <Printer className="size-4" aria-hidden />
        {t("documents.printSelected")}
      </summary>
      <form
        method="get"
        action="/api/documents/slips-and-labels"
        onSubmit={(e) => {
          if (selected.size === 0) e.preventDefault();
        }}
        className="mt-3 flex flex-col gap-3"
      >
        <ul className="grid gap-1 sm:grid-cols-2 lg:grid-cols-3">
          {orders.map((o) => (
            <li key={o._id} className="flex items-center justify-between gap-2 rounded-lg px-2 py-1 hover:bg-surface-2">
              <label className="inline-flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  name="ids"
                  value={o._id}
                  checked={selected.has(o._id)}
                  onChange={(e) => toggle(o._id, e.target.checked)}
                  aria-label={t("documents.selectOrder", { orderNumber: o.orderNumber })}
                  data-testid="print-select"
                />
                <bdi dir="ltr">{o.orderNumber}</bdi>
              </label>
              <a
                href={`/api/documents/orders/${o._id}/invoice`}
                download
                className="inline-flex items-center gap-1 text-xs text-brand-700 underline-offset-2 hover:underline dark:text-brand-300"
                data-testid="staff-invoice-link"
              >
                <FileDown className="size-3.5" aria-hidden />
                {t("documents.invoiceTitle")}
              </a>
            </li>
          ))}
        </ul>
        {tooMany ? (
          <p className="text-sm text-red-600" role="alert">
            {t("documents.printLimit", { max: MAX_PRINT_ORDERS })}
          </p>
        ) : null}
        <button
          type="submit"
          disabled={tooMany}
          className="inline-flex items-center gap-2 self-start rounded-full bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-50"
          data-testid="print-slips-labels"
        >
          <Printer className="size-4" aria-hidden />
          {selected.size > 0 ? t("documents.printSelectedCount", { n: selected.size }) : t("documents.printSelected")}
        </button>
      </form>
    </details>
  );
}
