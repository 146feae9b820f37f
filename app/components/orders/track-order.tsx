import { useState } from "react";
import { Search } from "lucide-react";
import { orderLookupInput } from "@core/validation/checkout";
import type { OrderDTO } from "@server/modules/orders/order-dto";
import type { TrackedOrder } from "~/lib/track-order.server";
import { ApiError, serverMessage } from "~/lib/api";
import { call } from "~/lib/api-client";
import { useMutation } from "~/lib/use-mutation";
import { useT } from "~/i18n/react";
import { Button } from "~/components/ui/button";
import { FieldShell } from "~/components/ui/field";
import { OrderCard } from "./order-card";

type Outcome = { order: OrderDTO } | { error: string } | null;

const outcomeOf = (tracked: TrackedOrder): Outcome =>
  tracked === null ? null : "order" in tracked ? { order: tracked.order } : { error: tracked.error };

/**
 * 'Track Your Order' (SPEC §2). A plain GET form to /orders?on=…, so it works before the scripts
 * arrive: the page loader looks the number up (`tracked`, app/lib/track-order.server.ts), as it does
 * for the ?on= link of the confirmation e-mail. Once hydrated, a search calls POST /api/order/id
 * in place instead of loading the page again.
 */
export function TrackOrder({
  tracked,
  pageTitle,
  cityNamesAr,
}: {
  tracked: TrackedOrder;
  /** A guest sees only this, so it is the page's h1. */
  pageTitle?: boolean;
  cityNamesAr?: Record<string, string> | null;
}) {
  const Heading = pageTitle ? "h1" : "h2";
  const t = useT();
  const [number, setNumber] = useState(tracked?.number ?? "");
  const [outcome, setOutcome] = useState<Outcome>(outcomeOf(tracked));
  const track = useMutation(
    (body: { orderNumber: unknown }) => call("POST /order/id", { body }, { noAuthRedirect: true }),
    {
      schema: orderLookupInput,
      success: false,
      revalidate: false,
      onSuccess: (reply) => setOutcome({ order: reply.order }),
      onError: (e) =>
        setOutcome({
          error:
            e instanceof ApiError && e.status === 404 ? t("orders.notFound") : serverMessage(e, t("orders.findFailed")),
        }),
    },
  );
  const inputError = track.error("orderNumber");

  return (
    <section aria-labelledby="track-title" className="flex flex-col gap-4">
      <div>
        <Heading
          id="track-title"
          className={pageTitle ? "text-2xl font-semibold tracking-tight" : "text-xl font-semibold"}
        >
          {t("orders.trackTitle")}
        </Heading>
        <p className="text-sm text-muted">{t("orders.trackText")}</p>
      </div>
      <form
        method="get"
        action="/orders"
        onSubmit={track.onSubmit(() => {
          setOutcome(null);
          return { orderNumber: number };
        })}
        noValidate
        className="flex flex-col gap-2"
        data-testid="track-form"
      >
        <FieldShell label={t("orders.orderNumber")} error={inputError} id="order-number">
          <div className="flex gap-2">
            <input
              id="order-number"
              name="on"
              dir="ltr"
              value={number}
              onChange={(e) => setNumber(e.target.value)}
              placeholder="ORD-1234567890123"
              autoComplete="off"
              maxLength={40}
              aria-invalid={inputError ? true : undefined}
              aria-describedby={inputError ? "order-number-error" : undefined}
              className="w-full max-w-md rounded-lg border border-line bg-surface px-3 py-2 text-sm outline-none focus:border-brand-500 aria-[invalid=true]:border-red-500"
            />
            <Button type="submit" loading={track.busy} data-testid="track-button">
              <Search className="size-4" aria-hidden />
              {t("orders.track")}
            </Button>
          </div>
        </FieldShell>
      </form>
      <div aria-live="polite">
        {outcome && "error" in outcome ? (
          <p
            role="alert"
            className="rounded-lg border border-line bg-surface-2 px-4 py-3 text-sm"
            data-testid="track-error"
          >
            {outcome.error}
          </p>
        ) : null}
        {outcome && "order" in outcome ? <OrderCard order={outcome.order} cityNamesAr={cityNamesAr} /> : null}
      </div>
    </section>
  );
}
