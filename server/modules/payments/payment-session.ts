/**
 * POST /api/payments/session: the frame address for a placed order paid by card. Only when card
 * payment is configured; only for an order still Processing; a signed-in customer's order only for
 * that customer (a guest order's number is its own key, as for tracking).
 */
import { eq } from "drizzle-orm";
import type { AppDeps } from "../../deps";
import { orders } from "../../db/schema";
import { badInput, notFound } from "../../errors";
import type { SessionUser } from "../accounts/sessions";
import { loadOrder, orderByNumber } from "../orders/load-orders";
import { createPaymentFrameUrl } from "./paymob";

export async function createPaymentSession(deps: AppDeps, orderNumber: string, viewer: SessionUser | null): Promise<string> {
  if (!deps.config.cardPaymentEnabled) throw badInput("ordersApi.cardUnavailable");
  const order = await loadOrder(deps.db, orderByNumber(orderNumber));
  if (!order) throw notFound("ordersApi.orderNotFound");
  const [row] = await deps.db.select({ userId: orders.userId }).from(orders).where(eq(orders.id, order._id));
  if (row?.userId && row.userId !== viewer?._id) throw notFound("ordersApi.orderNotFound");
  if (order.paymentMethod !== "Credit Card" || order.status !== "Processing") throw badInput("ordersApi.paymentNotCard");
  const a = order.shipping.address;
  return createPaymentFrameUrl(deps.config, deps.log, {
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
}
