/**
 * What an order's JSON says of returns (issue 17): its return and exchange requests with their
 * states, and the exchange link both ways (the no-charge order an exchange ships as, and on that
 * order the one it replaces). Read from the returns tables in two queries for any number of orders.
 */
import { z } from "zod";
import { inArray, or } from "drizzle-orm";
import { toEgp } from "@core/pricing";
import { RETURN_REASON_VALUES, RETURN_STATE_VALUES } from "@core/validation/returns";
import type { DbOrTx } from "../../db/client";
import { orders, returnRequestLines, returnRequests } from "../../db/schema";

const orderLink = z.object({ _id: z.string(), orderNumber: z.string() });

export const orderReturnsDto = z.object({
  returns: z.array(
    z.object({
      _id: z.string(),
      state: z.enum(RETURN_STATE_VALUES),
      kind: z.enum(["refund", "exchange"]),
      reason: z.enum(RETURN_REASON_VALUES),
      createdAt: z.string(),
      lines: z.array(z.object({ lineId: z.string(), quantity: z.number() })),
      refundAmount: z.number().nullable(),
      rejectReason: z.string().nullable(),
    }),
  ),
  /** The order this one is a no-charge exchange for. */
  exchangeOf: orderLink.nullable(),
  /** The no-charge orders that ship this order's exchanges. */
  exchangeOrders: z.array(orderLink),
});
export type OrderReturns = z.infer<typeof orderReturnsDto>;

export const noReturns = (): OrderReturns => ({ returns: [], exchangeOf: null, exchangeOrders: [] });

export async function returnsOfOrders(db: DbOrTx, ids: string[]): Promise<Map<string, OrderReturns>> {
  const out = new Map<string, OrderReturns>(ids.map((id) => [id, noReturns()]));
  if (ids.length === 0) return out;
  const requests = await db
    .select()
    .from(returnRequests)
    .where(or(inArray(returnRequests.orderId, ids), inArray(returnRequests.exchangeOrderId, ids)))
    .orderBy(returnRequests.createdAt);
  if (requests.length === 0) return out;
  const linked = [...new Set(requests.flatMap((r) => [r.orderId, r.exchangeOrderId ?? r.orderId]))];
  const [lines, numbers] = await Promise.all([
    db
      .select()
      .from(returnRequestLines)
      .where(
        inArray(
          returnRequestLines.requestId,
          requests.map((r) => r.id),
        ),
      ),
    db.select({ id: orders.id, orderNumber: orders.orderNumber }).from(orders).where(inArray(orders.id, linked)),
  ]);
  const numberOf = new Map(numbers.map((n) => [n.id, n.orderNumber]));
  for (const r of requests) {
    const own = out.get(r.orderId);
    if (own) {
      own.returns.push({
        _id: r.id,
        state: r.state,
        kind: r.kind,
        reason: r.reason,
        createdAt: r.createdAt.toISOString(),
        lines: lines.filter((l) => l.requestId === r.id).map((l) => ({ lineId: l.orderItemId, quantity: l.quantity })),
        refundAmount: r.refundAmount === null ? null : toEgp(r.refundAmount),
        rejectReason: r.rejectReason,
      });
      if (r.exchangeOrderId)
        own.exchangeOrders.push({ _id: r.exchangeOrderId, orderNumber: numberOf.get(r.exchangeOrderId) ?? "" });
    }
    const exchange = r.exchangeOrderId ? out.get(r.exchangeOrderId) : undefined;
    if (exchange) exchange.exchangeOf = { _id: r.orderId, orderNumber: numberOf.get(r.orderId) ?? "" };
  }
  return out;
}
