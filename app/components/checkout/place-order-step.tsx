import type { PaymentMethod } from "@core/constants";
import type { ShippingOptionDTO } from "@server/modules/shipping/shipping-options";
import { useLang, useT } from "~/i18n/react";
import type { CheckoutForm } from "./checkout-form";
import type { CheckoutTotals } from "./checkout-totals";
import { TotalsTable } from "./totals-table";

interface PlaceOrderStepProps {
  form: CheckoutForm;
  city: ShippingOptionDTO;
  paymentMethod: PaymentMethod;
  totals: CheckoutTotals;
  promoCode: string | null;
  onEdit: (step: number) => void;
}

/** Step 4: what will be ordered: address, payment method and the totals (SPEC §2 Checkout). */
export function PlaceOrderStep({ form, city, paymentMethod, totals, promoCode, onEdit }: PlaceOrderStepProps) {
  const t = useT();
  const lang = useLang();
  const cityName = lang === "ar" && city.cityAr ? city.cityAr : city.city;
  const addressLine = [
    form.street,
    form.building,
    form.floor,
    form.apartment,
    form.area,
    form.city,
    cityName,
    t("checkout.egypt"),
    form.postalCode,
  ]
    .map((s) => s.trim())
    .filter(Boolean)
    .join(lang === "ar" ? "، " : ", ");
  const box = "rounded-2xl border border-line p-4";
  const editButton = (step: number, label: string) => (
    <button
      type="button"
      onClick={() => onEdit(step)}
      className="text-sm font-medium text-brand-700 hover:underline dark:text-brand-300"
      aria-label={`${t("checkout.edit")}: ${label}`}
    >
      {t("checkout.edit")}
    </button>
  );
  return (
    <div className="flex flex-col gap-4">
      <section className={box} aria-labelledby="place-address">
        <div className="mb-2 flex items-center justify-between">
          <h2 id="place-address" className="font-semibold">
            {t("checkout.step.address")}
          </h2>
          {editButton(1, t("checkout.step.address"))}
        </div>
        <p className="text-sm" data-testid="place-name">
          {form.firstName} {form.lastName}
        </p>
        <p className="text-sm text-muted">
          <bdi>{form.email}</bdi> · <bdi dir="ltr">{form.phone}</bdi>
        </p>
        <p className="mt-1 text-sm" data-testid="place-address">
          {addressLine}
        </p>
        {form.notes.trim() ? <p className="mt-1 text-sm text-muted">{form.notes}</p> : null}
      </section>
      <section className={box} aria-labelledby="place-payment">
        <div className="mb-2 flex items-center justify-between">
          <h2 id="place-payment" className="font-semibold">
            {t("checkout.paymentMethod")}
          </h2>
          {editButton(2, t("checkout.paymentMethod"))}
        </div>
        <p className="text-sm" data-testid="place-payment-method">
          {t(paymentMethod === "Cash on Delivery" ? "checkout.cashOnDelivery" : "checkout.creditCard")}
        </p>
      </section>
      <section className={box} aria-labelledby="place-totals">
        <h2 id="place-totals" className="mb-3 font-semibold">
          {t("checkout.summary")}
          {promoCode ? <span className="ms-2 text-sm font-normal text-muted">({promoCode})</span> : null}
        </h2>
        <TotalsTable totals={totals} />
      </section>
    </div>
  );
}
