/** Reading orders with their lines in a fixed number of queries (no query per order). */
import { and, asc, desc, eq, ilike, inArray, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { orderItems, orders } from "../../db/schema";
import { toOrderDTO, type OrderDTO, type OrderRow } from "./order-dto";
import type { Config } from "../../config";
import { customerRecords } from "../customers/records";
import { returnsOfOrders } from "./order-returns";

export async function withItems(db: DbOrTx, rows: OrderRow[]): Promise<OrderDTO[]> {
  if (rows.length === 0) return [];
  const items = await db
    .select()
    .from(orderItems)
    .where(
      inArray(
        orderItems.orderId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(orderItems.name), asc(orderItems.id));
  const returns = await returnsOfOrders(
    db,
    rows.map((r) => r.id),
  );
  const byOrder = new Map<string, (typeof items)[number][]>();
  for (const item of items) {
    const list = byOrder.get(item.orderId) ?? [];
    list.push(item);
    byOrder.set(item.orderId, list);
  }
  return rows.map((r) => toOrderDTO(r, byOrder.get(r.id) ?? [], returns.get(r.id)));
}

export async function loadOrder(db: DbOrTx, where: SQL): Promise<OrderDTO | null> {
  const [row] = await db.select().from(orders).where(where).limit(1);
  if (!row) return null;
  const [dto] = await withItems(db, [row]);
  return dto;
}

export const orderById = (id: string) => eq(orders.id, id);
export const orderByNumber = (orderNumber: string) => eq(orders.orderNumber, orderNumber.trim().toUpperCase());

/** GET /api/order: the signed-in customer's own orders, newest first. */
export async function listOwnOrders(db: DbOrTx, userId: string): Promise<OrderDTO[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt))
    .limit(200);
  return withItems(db, rows);
}

export interface StaffOrderQuery {
  search?: string;
  page: number;
  limit: number;
  /** "true": only cash-on-delivery orders still awaiting confirmation. */
  awaiting?: "true";
}

/** GET /api/moderator/orders: every order, newest first, optionally by (part of) its number. */
export async function listAllOrders(db: DbOrTx, q: StaffOrderQuery, config: Config) {
  const search = q.search?.trim().toUpperCase();
  const where = and(
    search ? ilike(orders.orderNumber, `%${search.replace(/[%_\\]/g, (c) => `\\${c}`)}%`) : undefined,
    q.awaiting ? and(eq(orders.confirmation, "pending"), eq(orders.status, "Processing")) : undefined,
  );
  const [{ total }] = await db.select({ total: sql<number>`count(*)::int` }).from(orders).where(where);
  const rows = await db
    .select()
    .from(orders)
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  return {
    orders: await withItems(db, rows),
    records: await customerRecords(db, config, rows),
    metadata: { total, page: q.page, limit: q.limit, totalPages: Math.max(1, Math.ceil(total / q.limit)) },
  };
}
