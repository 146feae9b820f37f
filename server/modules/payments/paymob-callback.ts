/**
 * POST /api/payments/paymob/callback: the card provider's transaction-processed callback
 * (docs/decisions/117). Trusted only once its HMAC verifies; the order is found by the provider's
 * order id (a signed field) through the session opened for it, and the signed amount must be the
 * order's total. A success makes the order Paid, a decline Failed (never over Paid); a pending one
 * changes nothing. The conditional UPDATEs make a replayed or concurrent callback a no-op.
 */
import { and, eq, ne } from "drizzle-orm";
import type { AppDeps } from "../../deps";
import { orders, paymentSessions } from "../../db/schema";
import { badInput, notFound, unauthenticated } from "../../errors";
import { verifyTransactionHmac } from "./paymob-hmac";

export type CallbackOutcome = "paid" | "failed" | "unchanged";

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);

export async function handleTransactionCallback(
  deps: Pick<AppDeps, "db" | "config" | "log">,
  obj: Record<string, unknown>,
  hmac: string | undefined,
): Promise<CallbackOutcome> {
  const secret = deps.config.PAYMOB_HMAC_SECRET;
  if (!secret || !verifyTransactionHmac(obj, hmac, secret))
    throw unauthenticated("ordersApi.paymentCallbackUnverified");

  const providerOrder = isRecord(obj.order) ? obj.order : {};
  const providerOrderId = providerOrder.id;
  if (
    (typeof providerOrderId !== "number" && typeof providerOrderId !== "string") ||
    String(providerOrderId).length > 40
  ) {
    throw badInput("ordersApi.paymentCallbackMismatch");
  }
  const [session] = await deps.db
    .select({ orderId: paymentSessions.orderId, merchantOrderId: paymentSessions.merchantOrderId, total: orders.total })
    .from(paymentSessions)
    .innerJoin(orders, eq(orders.id, paymentSessions.orderId))
    .where(eq(paymentSessions.providerOrderId, String(providerOrderId)));
  if (!session) throw notFound("ordersApi.orderNotFound");
  // Not signed, but it must agree with the signed order id: a relabelled callback is refused.
  const reference = providerOrder.merchant_order_id;
  if (reference !== undefined && reference !== null && reference !== session.merchantOrderId) {
    throw badInput("ordersApi.paymentCallbackMismatch");
  }
  if (obj.amount_cents !== session.total || obj.currency !== "EGP") throw badInput("ordersApi.paymentAmountMismatch");

  const settled = obj.pending === false;
  const paid = settled && obj.success === true && obj.is_voided !== true && obj.is_refunded !== true;
  const declined = settled && obj.success === false;
  const transactionId = String(obj.id).slice(0, 40);
  if (paid) {
    const [row] = await deps.db
      .update(orders)
      .set({ paymentStatus: "Paid", paymentTransactionId: transactionId, updatedAt: new Date() })
      .where(and(eq(orders.id, session.orderId), ne(orders.paymentStatus, "Paid")))
      .returning({ orderNumber: orders.orderNumber, status: orders.status });
    if (!row) return "unchanged";
    deps.log.info({ orderNumber: row.orderNumber, transactionId }, "card payment confirmed");
    if (row.status === "Cancelled")
      deps.log.warn({ orderNumber: row.orderNumber }, "a cancelled order was paid: refund it");
    return "paid";
  }
  if (declined) {
    const [row] = await deps.db
      .update(orders)
      .set({ paymentStatus: "Failed", updatedAt: new Date() })
      .where(and(eq(orders.id, session.orderId), eq(orders.paymentStatus, "Unpaid")))
      .returning({ id: orders.id });
    return row ? "failed" : "unchanged";
  }
  return "unchanged";
}
