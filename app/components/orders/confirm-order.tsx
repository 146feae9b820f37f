import { useState } from "react";
import { useSearchParams } from "react-router";
import { z } from "zod";
import { confirmOrderInput } from "@core/validation/cod";
import type { OrderDTO } from "@server/modules/orders/order-dto";
import { useT } from "~/i18n/react";
import { ApiError } from "~/lib/api";
import { call } from "~/lib/api-client";
import { useMutation } from "~/lib/use-mutation";
import { Button } from "~/components/ui/button";
import { FieldShell } from "~/components/ui/field";

/** Cash on delivery awaiting or given confirmation (issue 16), beside the order's status. */
export function ConfirmationBadge({ order }: { order: OrderDTO }) {
  const t = useT();
  if (!order.confirmation || order.status === "Cancelled") return null;
  const pending = order.confirmation === "pending";
  return (
    <span
      data-testid="confirmation-status"
      data-confirmation={order.confirmation}
      className={`rounded-full px-2.5 py-0.5 text-xs font-medium ${
        pending
          ? "bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100"
          : "bg-green-100 text-green-900 dark:bg-green-900/40 dark:text-green-100"
      }`}
    >
      {pending ? t("cod.awaiting") : t("cod.confirmedBadge")}
    </span>
  );
}

/**
 * The code field of a cash-on-delivery order awaiting confirmation, on the customer's order and the
 * guest tracking view. The e-mail's link (`?code=`) fills it in; nothing is confirmed until the
 * customer presses the button, so a mail scanner opening the link confirms nothing.
 */
export function ConfirmOrder({ order, onConfirmed }: { order: OrderDTO; onConfirmed: () => void }) {
  const t = useT();
  const [params] = useSearchParams();
  const fromLink = params.get("on")?.trim().toUpperCase() === order.orderNumber ? (params.get("code") ?? "") : "";
  const [code, setCode] = useState(fromLink.slice(0, 6));
  const fieldId = `confirm-code-${order._id}`;

  const confirm = useMutation((body: z.input<typeof confirmOrderInput>) => call("POST /order/confirm", { body }), {
    schema: confirmOrderInput,
    revalidate: true,
    onSuccess: () => onConfirmed(),
    // The server's reason (wrong code, tries left, voided) shows beside the field as well as in the toast.
    onError: (e) => {
      if (e instanceof ApiError && e.status === 400 && typeof e.body.message === "string")
        confirm.setErrors({ code: e.body.message });
    },
  });
  const resend = useMutation((body: { orderNumber: string }) => call("POST /order/confirm/resend", { body }), {
    schema: z.object({ orderNumber: z.string() }),
    revalidate: false,
  });

  return (
    <section
      aria-labelledby={`${fieldId}-title`}
      className="mt-4 rounded-xl border border-amber-300 bg-amber-50 p-4 dark:border-amber-700 dark:bg-amber-950/40"
      data-testid="confirm-order"
    >
      <h3 id={`${fieldId}-title`} className="font-semibold">
        {t("cod.confirmHeading")}
      </h3>
      <p className="mt-1 text-sm">{t("cod.confirmHelp", { phone: `\u2066${order.phone}\u2069` })}</p>
      <form
        className="mt-3 flex flex-wrap items-end gap-2"
        noValidate
        onSubmit={confirm.onSubmit(() => ({ orderNumber: order.orderNumber, code }))}
      >
        <div className="w-40">
          <FieldShell id={fieldId} label={t("cod.codeLabel")} error={confirm.error("code")}>
            <input
              id={fieldId}
              name="code"
              dir="ltr"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={code}
              onChange={(e) => {
                setCode(e.target.value.replace(/\D/g, ""));
                confirm.clearError("code");
              }}
              aria-invalid={confirm.error("code") ? true : undefined}
              aria-describedby={confirm.error("code") ? `${fieldId}-error` : undefined}
              className="w-full rounded-lg border border-line bg-surface px-3 py-2 text-center text-lg tracking-[0.3em] outline-none focus:border-brand-500 aria-[invalid=true]:border-red-500"
            />
          </FieldShell>
        </div>
        <Button type="submit" loading={confirm.busy} data-testid="confirm-order-button">
          {t("cod.confirmButton")}
        </Button>
        <Button
          variant="outline"
          loading={resend.busy}
          onClick={() => void resend.submit({ orderNumber: order.orderNumber })}
          data-testid="resend-code"
        >
          {t("cod.resendButton")}
        </Button>
      </form>
    </section>
  );
}
