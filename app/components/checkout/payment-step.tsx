import { Banknote, CreditCard } from "lucide-react";
import type { PaymentMethod } from "@core/constants";
import { useT } from "~/i18n/react";

interface PaymentStepProps {
  value: PaymentMethod | null;
  cardEnabled: boolean;
  onChange: (method: PaymentMethod) => void;
}

/** Step 3: Cash on Delivery, and Credit Card only when a card provider is configured (SPEC §4). */
export function PaymentStep({ value, cardEnabled, onChange }: PaymentStepProps) {
  const t = useT();
  const options: { method: PaymentMethod; label: string; text: string; icon: typeof Banknote; disabled: boolean }[] = [
    {
      method: "Cash on Delivery",
      label: t("checkout.cashOnDelivery"),
      text: t("checkout.cashOnDeliveryText"),
      icon: Banknote,
      disabled: false,
    },
    {
      method: "Credit Card",
      label: t("checkout.creditCard"),
      text: t("checkout.creditCardText"),
      icon: CreditCard,
      disabled: !cardEnabled,
    },
  ];
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-3 text-lg font-semibold">{t("checkout.paymentMethod")}</legend>
      {options.map(({ method, label, text, icon: Icon, disabled }) => (
        <label
          key={method}
          className={`flex items-center gap-3 rounded-2xl border p-4 ${
            disabled ? "cursor-not-allowed border-line opacity-60" : "cursor-pointer hover:border-brand-400"
          } ${value === method ? "border-brand-600 ring-1 ring-brand-600" : "border-line"}`}
        >
          <input
            type="radio"
            name="paymentMethod"
            value={method}
            checked={value === method}
            disabled={disabled}
            onChange={() => onChange(method)}
            className="size-4 accent-brand-600"
          />
          <Icon className="size-5 shrink-0 text-brand-600" aria-hidden />
          <span className="flex-1">
            <span className="block font-medium">{label}</span>
            <span className="block text-sm text-muted">{text}</span>
          </span>
          {disabled ? (
            <span className="rounded-full bg-surface-2 px-2 py-0.5 text-xs font-medium text-muted">
              {t("checkout.notAvailable")}
            </span>
          ) : null}
        </label>
      ))}
    </fieldset>
  );
}
