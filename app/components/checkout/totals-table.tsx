import { Price } from "~/components/price";
import { useT } from "~/i18n/react";
import type { CheckoutTotals } from "./checkout-totals";

/** Subtotal, shipping (or FREE), the cash-on-delivery fee, promo discount and total, all in piastres. */
export function TotalsTable({ totals }: { totals: CheckoutTotals }) {
  const t = useT();
  const row = "flex items-center justify-between gap-4";
  return (
    <dl className="flex flex-col gap-2 text-sm" data-testid="checkout-totals">
      <div className={row}>
        <dt>{t("checkout.subtotal")}</dt>
        <dd>
          <Price piastres={totals.subtotal} />
        </dd>
      </div>
      <div className={row}>
        <dt>{t("checkout.shipping")}</dt>
        <dd data-testid="shipping-amount">
          {totals.freeShipping ? (
            <span className="font-semibold text-green-700 dark:text-green-400">{t("checkout.free")}</span>
          ) : (
            <Price piastres={totals.shipping} />
          )}
        </dd>
      </div>
      {totals.codFee > 0 ? (
        <div className={row}>
          <dt>{t("customers.codFee")}</dt>
          <dd data-testid="cod-fee">
            <Price piastres={totals.codFee} />
          </dd>
        </div>
      ) : null}
      {totals.promoDiscount > 0 ? (
        <div className={row}>
          <dt>{t("checkout.promoDiscount")}</dt>
          <dd className="text-green-700 dark:text-green-400" data-testid="promo-discount">
            −<Price piastres={totals.promoDiscount} />
          </dd>
        </div>
      ) : null}
      <div className={`${row} border-t border-line pt-2 text-base font-semibold`}>
        <dt>{t("checkout.total")}</dt>
        <dd data-testid="checkout-total">
          <Price piastres={totals.total} />
        </dd>
      </div>
    </dl>
  );
}
