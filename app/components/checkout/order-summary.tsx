import { Truck } from "lucide-react";
import { useT } from "~/i18n/react";
import type { CartLine } from "~/lib/cart-lines";
import { CheckoutLine } from "./checkout-line";
import type { CheckoutTotals } from "./checkout-totals";
import { TotalsTable } from "./totals-table";

/** The side summary: every item, the delivery estimate for the chosen city, and the totals. */
export function OrderSummary({
  lines,
  totals,
  estTime,
}: {
  lines: CartLine[];
  totals: CheckoutTotals;
  estTime: string;
}) {
  const t = useT();
  return (
    <aside
      className="h-fit rounded-2xl border border-line bg-surface-2/50 p-5 lg:sticky lg:top-20"
      aria-labelledby="summary-title"
    >
      <h2 id="summary-title" className="mb-2 text-lg font-semibold">
        {t("checkout.summary")}
      </h2>
      <ul className="divide-y divide-line">
        {lines.map((line) => (
          <CheckoutLine key={line.key} line={line} compact />
        ))}
      </ul>
      <p className="my-3 flex items-center gap-2 rounded-lg bg-surface px-3 py-2 text-sm" data-testid="est-delivery">
        <Truck className="size-4 shrink-0 text-brand-600" aria-hidden />
        {t("checkout.estDelivery", { days: estTime })}
      </p>
      <TotalsTable totals={totals} />
      <p className="mt-3 text-xs text-muted">{t("checkout.pricesNote")}</p>
    </aside>
  );
}
