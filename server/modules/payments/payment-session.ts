/**
 * POST /api/payments/session: the frame address for a placed order paid by card. Only when card
 * payment is configured; only for an order still Processing. The session carries the billing data
 * the tracking view masks, so an order number alone is not enough: a customer's order opens only for
 * that signed-in customer, a guest order only when the request also gives the order's e-mail. Anyone
 * else is told the order does not exist (404), exactly as for an unknown number.
 */
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import type { AppDeps } from "../../deps";
import { orders, paymentSessions } from "../../db/schema";
import { badInput, notFound } from "../../errors";
import type { SessionUser } from "../accounts/sessions";
import { loadOrder, orderByNumber } from "../orders/load-orders";
import { openProviderSession } from "./paymob";

export interface PaymentSessionRequest {
  orderNumber: string;
  /** Required for a guest order: the e-mail the order was placed with. */
  email?: string;
}

/** Compares digests, so the time taken says nothing about how much of the e-mail was right. */
function sameEmail(given: string | undefined, stored: string): boolean {
  if (!given) return false;
  const digest = (s: string) => crypto.createHash("sha256").update(s.trim().toLowerCase()).digest();
  return crypto.timingSafeEqual(digest(given), digest(stored));
}

export async function createPaymentSession(
  deps: AppDeps,
  request: PaymentSessionRequest,
  viewer: SessionUser | null,
): Promise<string> {
  if (!deps.config.cardPaymentEnabled) throw badInput("ordersApi.cardUnavailable");
  const order = await loadOrder(deps.db, orderByNumber(request.orderNumber));
  if (!order) throw notFound("ordersApi.orderNotFound");
  const [row] = await deps.db
    .select({ userId: orders.userId, total: orders.total })
    .from(orders)
    .where(eq(orders.id, order._id));
  const allowed = row?.userId ? row.userId === viewer?._id : sameEmail(request.email, order.email);
  if (!allowed) throw notFound("ordersApi.orderNotFound");
  if (order.paymentMethod !== "Credit Card" || order.status !== "Processing")
    throw badInput("ordersApi.paymentNotCard");
  if (order.paymentStatus === "Paid") throw badInput("ordersApi.alreadyPaid");
  const a = order.shipping.address;
  const session = await openProviderSession(deps.config, deps.log, {
    amount: order.totalAmount,
    userId: row?.userId ?? "guest",
    reference: order.orderNumber,
    billingData: {
      first_name: order.firstName,
      last_name: order.lastName,
      email: order.email,
      phone_number: order.phone,
      street: a.street,
      building: a.building,
      floor: a.floor,
      apartment: a.apartment,
      city: a.city,
      country: "EG",
      postal_code: a.postalCode,
      state: a.state,
      amount: order.totalAmount,
    },
  });
  if (!session.url || !session.providerOrderId || !session.merchantOrderId) return "";
  // The provider's signed callback names its order id: remember which of ours it pays.
  const [saved] = await deps.db
    .insert(paymentSessions)
    .values({
      providerOrderId: session.providerOrderId,
      orderId: order._id,
      merchantOrderId: session.merchantOrderId,
      amountCents: row!.total,
    })
    .onConflictDoNothing()
    .returning({ id: paymentSessions.providerOrderId });
  if (!saved) {
    // The provider named an order id already bound to a session: never let one payment count twice.
    deps.log.error(
      { providerOrderId: session.providerOrderId, orderNumber: order.orderNumber },
      "provider order id reused",
    );
    return "";
  }
  return session.url;
}
