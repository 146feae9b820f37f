/** GET /api/moderator/returns: requests newest first, by state, with their orders and customers' records. */
import type { Config } from "../../config";
import { customerRecords } from "../customers/records";
import { desc, eq, inArray } from "drizzle-orm";
import { paidForUnits, toEgp } from "@core/pricing";
import type { ReturnState } from "@core/validation/returns";
import type { DbOrTx } from "../../db/client";
import { orderItems, orders, returnRequestLines, returnRequests } from "../../db/schema";
import type { StaffReturnDTO } from "./returns-dto";

const LIST_LIMIT = 200;

type RequestRow = typeof returnRequests.$inferSelect;

/** Requests as staff see them, in a fixed number of queries. */
export async function toStaffReturns(db: DbOrTx, config: Config, rows: RequestRow[]): Promise<StaffReturnDTO[]> {
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
  const records = await customerRecords(db, config, orderRows);
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
        paid: toEgp(paidForUnits(item, o, line.quantity)),
        exchangeSize: line.exchangeSize,
        exchangeColor: line.exchangeColor,
      }));
    const refundable = lineRows
      .filter((l) => l.line.requestId === r.id)
      .reduce((s, l) => s + paidForUnits(l.item, o, l.line.quantity), 0);
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
      customer: records[o.id]!,
    };
  });
}

export async function listStaffReturns(db: DbOrTx, config: Config, state?: ReturnState): Promise<StaffReturnDTO[]> {
  const rows = await db
    .select()
    .from(returnRequests)
    .where(state ? eq(returnRequests.state, state) : undefined)
    .orderBy(desc(returnRequests.createdAt), desc(returnRequests.id))
    .limit(LIST_LIMIT);
  return toStaffReturns(db, config, rows);
}

export async function loadStaffReturn(db: DbOrTx, config: Config, id: string): Promise<StaffReturnDTO | null> {
  const rows = await db.select().from(returnRequests).where(eq(returnRequests.id, id));
  return (await toStaffReturns(db, config, rows))[0] ?? null;
}
