/**
 * POST /api/order/id: tracking by order number. The owner and staff see the whole order; anyone
 * else (a guest with the number) sees it masked (DESIGN.md §5).
 */
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { orders } from "../../db/schema";
import { isStaff } from "../../../core/roles";
import { notFound } from "../../errors";
import type { SessionUser } from "../accounts/sessions";
import { loadOrder, orderByNumber } from "./load-orders";
import { maskOrder, type OrderDTO } from "./order-dto";

export async function findOrderByNumber(db: Db, orderNumber: string, viewer: SessionUser | null): Promise<OrderDTO> {
  const order = await loadOrder(db, orderByNumber(orderNumber));
  if (!order) throw notFound("ordersApi.orderNotFound");
  if (isStaff(viewer)) return order;
  if (viewer) {
    const [row] = await db.select({ userId: orders.userId }).from(orders).where(eq(orders.id, order._id));
    if (row?.userId === viewer._id) return order;
  }
  return maskOrder(order);
}
