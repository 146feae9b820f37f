import { Ban, Check } from "lucide-react";
import { ORDER_STATUS_COLORS, type OrderStatus } from "@core/constants";
import { useT } from "~/i18n/react";

/** The path an order travels; Cancelled leaves it and shows a banner instead (SPEC §2). */
export const PROGRESS_STEPS = [
  "Processing",
  "Shipped",
  "Out for Delivery",
  "Delivered",
] as const satisfies readonly OrderStatus[];

/** How far along the path a status is, 0 to 3; -1 for Cancelled. */
export const progressIndex = (status: OrderStatus) => (PROGRESS_STEPS as readonly OrderStatus[]).indexOf(status);

/** A dot in the status's fixed colour and its name in body text, so the label keeps its contrast. */
export function StatusBadge({ status }: { status: OrderStatus }) {
  const t = useT();
  return (
    <span
      className="inline-flex items-center gap-1.5 rounded-full border border-line px-2.5 py-0.5 text-xs font-semibold"
      data-testid="order-status"
    >
      <span className="size-2 rounded-full" style={{ backgroundColor: ORDER_STATUS_COLORS[status] }} aria-hidden />
      {t(`common.status.${status}`)}
    </span>
  );
}

export function OrderProgress({ status }: { status: OrderStatus }) {
  const t = useT();
  if (status === "Cancelled") {
    return (
      <div
        role="status"
        className="flex items-center gap-2 rounded-lg border px-3 py-2 text-sm font-medium text-red-800 dark:text-red-200"
        style={{ borderColor: ORDER_STATUS_COLORS.Cancelled }}
        data-testid="cancelled-banner"
      >
        <Ban className="size-4 shrink-0" style={{ color: ORDER_STATUS_COLORS.Cancelled }} aria-hidden />
        {t("orders.cancelledBanner")}
      </div>
    );
  }
  const at = progressIndex(status);
  const color = ORDER_STATUS_COLORS[status];
  return (
    <div data-testid="order-progress">
      <div
        role="progressbar"
        aria-label={t("orders.progress")}
        aria-valuemin={1}
        aria-valuemax={PROGRESS_STEPS.length}
        aria-valuenow={at + 1}
        aria-valuetext={t(`common.status.${status}`)}
        className="relative h-2 overflow-hidden rounded-full bg-surface-2"
      >
        <div
          className="absolute inset-y-0 start-0 rounded-full transition-[width]"
          style={{ width: `${((at + 1) / PROGRESS_STEPS.length) * 100}%`, backgroundColor: color }}
        />
      </div>
      <ol className="mt-2 grid grid-cols-4 gap-1 text-center text-xs">
        {PROGRESS_STEPS.map((s, i) => (
          <li
            key={s}
            aria-current={i === at ? "step" : undefined}
            className={`flex flex-col items-center gap-1 ${i <= at ? "font-medium" : "text-muted"}`}
          >
            <span
              className="inline-flex size-5 items-center justify-center rounded-full border-2"
              style={
                i <= at ? { borderColor: ORDER_STATUS_COLORS[s], backgroundColor: ORDER_STATUS_COLORS[s] } : undefined
              }
              aria-hidden
            >
              {i < at ? <Check className="size-3 text-white" /> : null}
            </span>
            {t(`common.status.${s}`)}
          </li>
        ))}
      </ol>
    </div>
  );
}
