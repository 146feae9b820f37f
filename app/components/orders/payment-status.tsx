import type { PaymentStatus } from "@server/modules/orders/order-dto";
import { useT } from "~/i18n/react";

const TONES: Record<PaymentStatus, string> = {
  Paid: "border-green-600 text-green-800 dark:text-green-200",
  Unpaid: "border-line text-muted",
  Failed: "border-red-600 text-red-800 dark:text-red-200",
};

/** Whether the order is paid (a card payment once the provider confirmed it; docs/decisions/117). */
export function PaymentStatusBadge({ status }: { status: PaymentStatus | undefined }) {
  const t = useT();
  const s = status ?? "Unpaid";
  return (
    <span
      className={`inline-flex items-center rounded-full border px-2 py-0.5 text-xs font-semibold ${TONES[s]}`}
      data-testid="payment-status"
      data-payment-status={s}
    >
      {t(`common.paymentStatus.${s}`)}
    </span>
  );
}
