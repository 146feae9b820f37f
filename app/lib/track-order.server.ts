/**
 * Guest tracking without scripts (decision 145, 200): `/orders?on=ORD-…` (the tracking form is a
 * plain GET form, and the e-mail's link is the same address) is answered by the page loader with
 * what `POST /api/order/id` answers: the same service (masked unless the viewer owns the order or
 * is staff) behind the same per-address limit, one count for both doors.
 */
import type { AppLoadContext } from "react-router";
import { orderLookupInput } from "@core/validation/checkout";
import { translate } from "@core/i18n";
import { AppError } from "@server/errors";
import { findOrderByNumber } from "@server/modules/orders/find-order";
import type { OrderDTO } from "@server/modules/orders/order-dto";

/** What the tracking search found for the address's ?on=, or why not (translated); null when nothing was asked. */
export type TrackedOrder = { number: string; order: OrderDTO } | { number: string; error: string } | null;

export async function trackFromAddress(url: URL, context: AppLoadContext): Promise<TrackedOrder> {
  const asked = url.searchParams.get("on");
  if (asked === null) return null;
  const t = (key: string) => translate(context.lang, key);
  const number = asked.trim().toUpperCase().slice(0, 40);
  const input = orderLookupInput.safeParse({ orderNumber: asked });
  if (!input.success) return { number, error: t(number ? "orders.notFound" : "orders.numberRequired") };
  const verdict = await context.sharedLimits.trackOrder(context.ip);
  if (!verdict.allowed) return { number, error: t("validation.tooManyRequests") };
  try {
    return { number, order: await findOrderByNumber(context.deps.db, input.data.orderNumber, context.user) };
  } catch (err) {
    if (err instanceof AppError && err.kind === "not_found") return { number, error: t("orders.notFound") };
    context.deps.log.error({ err }, "order tracking failed");
    return { number, error: t("orders.findFailed") };
  }
}
