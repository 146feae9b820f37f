/** GET /api/moderator/returns: requests newest first, by state, with their orders and customers' records. */
import { desc, eq, inArray, or, sql } from "drizzle-orm";
import { toEgp } from "@core/pricing";
import type { ReturnState } from "@core/validation/returns";
import type { DbOrTx } from "../../db/client";
import { orderItems, orders, returnRequestLines, returnRequests } from "../../db/schema";
import type { StaffReturnDTO } from "./returns-dto";

const LIST_LIMIT = 200;

type RequestRow = typeof returnRequests.$inferSelect;

/** Piastres paid for `quantity` of a line: its share of the line's total (bulk sets included). */
export const paidFor = (lineTotal: number, ordered: number, quantity: number) =>
  ordered > 0 ? Math.round((lineTotal * quantity) / ordered) : 0;

/**
 * The customer's record by the order's phone or e-mail: their orders, how many were delivered or
 * cancelled, and what they paid (piastres). A small stand-in for the customer-record service.
 */
async function customerRecords(db: DbOrTx, contacts: { phone: string; email: string }[]) {
  const out = new Map<string, StaffReturnDTO["customer"]>();
  const keyOf = (c: { phone: string; email: string }) => `${c.phone}\u0000${c.email.toLowerCase()}`;
  const unique = [...new Map(contacts.map((c) => [keyOf(c), c])).values()];
  await Promise.all(
    unique.map(async (c) => {
      const [r] = await db
        .select({
          orders: sql<number>`count(*)::int`,
          delivered: sql<number>`(count(*) filter (where ${orders.status} = 'Delivered'))::int`,
          cancelled: sql<number>`(count(*) filter (where ${orders.status} = 'Cancelled'))::int`,
          paid: sql<number>`coalesce(sum(${orders.total}) filter (where ${orders.paymentStatus} = 'Paid'), 0)::int`,
        })
        .from(orders)
        .where(or(eq(orders.phone, c.phone), sql`lower(${orders.email}) = ${c.email.toLowerCase()}`));
      out.set(keyOf(c), {
        orders: r?.orders ?? 0,
        delivered: r?.delivered ?? 0,
        cancelled: r?.cancelled ?? 0,
        totalPaid: toEgp(r?.paid ?? 0),
      });
    }),
  );
  return (c: { phone: string; email: string }) => out.get(keyOf(c))!;
}

/** Requests as staff see them, in a fixed number of queries plus one per customer. */
export async function toStaffReturns(db: DbOrTx, rows: RequestRow[]): Promise<StaffReturnDTO[]> {
  if (rows.length === 0) return [];
  const orderIds = [
    ...new Set(rows.flatMap((r) => (r.exchangeOrderId ? [r.orderId, r.exchangeOrderId] : [r.orderId]))),
  ];
  const [orderRows, lineRows] = await Promise.all([
    db.select().from(orders).where(inArray(orders.id, orderIds)),
    db
      .select({ line: returnRequestLines, item: orderItems })
      .from(returnRequestLines)
      .innerJoin(orderItems, eq(orderItems.id, returnRequestLines.orderItemId))
      .where(
        inArray(
          returnRequestLines.requestId,
          rows.map((r) => r.id),
        ),
      ),
  ]);
  const orderOf = new Map(orderRows.map((o) => [o.id, o]));
  const record = await customerRecords(db, orderRows);
  return rows.map((r) => {
    const o = orderOf.get(r.orderId)!;
    const lines = lineRows
      .filter((l) => l.line.requestId === r.id)
      .sort((a, b) => a.item.name.localeCompare(b.item.name) || a.item.id.localeCompare(b.item.id))
      .map(({ line, item }) => ({
        _id: line.id,
        lineId: item.id,
        name: item.name,
        nameAr: item.nameAr,
        image: item.image,
        size: item.size,
        color: item.color,
        quantity: line.quantity,
        orderedQuantity: item.quantity,
        paid: toEgp(paidFor(item.lineTotal, item.quantity, line.quantity)),
        exchangeSize: line.exchangeSize,
        exchangeColor: line.exchangeColor,
      }));
    const refundable = lineRows
      .filter((l) => l.line.requestId === r.id)
      .reduce((s, l) => s + paidFor(l.item.lineTotal, l.item.quantity, l.line.quantity), 0);
    const exchange = r.exchangeOrderId ? orderOf.get(r.exchangeOrderId) : undefined;
    return {
      _id: r.id,
      state: r.state,
      kind: r.kind,
      reason: r.reason,
      note: r.note,
      photos: r.photos.length,
      rejectReason: r.rejectReason,
      refundAmount: r.refundAmount === null ? null : toEgp(r.refundAmount),
      refundMethod: r.refundMethod,
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
      refundable: toEgp(refundable),
      order: {
        _id: o.id,
        orderNumber: o.orderNumber,
        status: o.status,
        deliveredAt: o.deliveredAt?.toISOString() ?? null,
        total: toEgp(o.total),
        paymentMethod: o.paymentMethod,
        firstName: o.firstName,
        lastName: o.lastName,
        phone: o.phone,
        email: o.email,
        lang: o.lang,
      },
      lines,
      exchangeOrder: exchange ? { _id: exchange.id, orderNumber: exchange.orderNumber } : null,
      customer: record(o),
    };
  });
}

export async function listStaffReturns(db: DbOrTx, state?: ReturnState): Promise<StaffReturnDTO[]> {
  const rows = await db
    .select()
    .from(returnRequests)
    .where(state ? eq(returnRequests.state, state) : undefined)
    .orderBy(desc(returnRequests.createdAt), desc(returnRequests.id))
    .limit(LIST_LIMIT);
  return toStaffReturns(db, rows);
}

export async function loadStaffReturn(db: DbOrTx, id: string): Promise<StaffReturnDTO | null> {
  const rows = await db.select().from(returnRequests).where(eq(returnRequests.id, id));
  return (await toStaffReturns(db, rows))[0] ?? null;
}
