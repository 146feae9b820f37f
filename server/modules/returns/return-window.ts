/**
 * Who may ask for a return of which order, and until when (issue 17): the order's owner signed in,
 * or anyone who knows the order number and the order's phone or e-mail (as the guest invoice asks).
 * An order the caller may not see is "not found", so a guess learns nothing.
 */
import { and, eq, inArray } from "drizzle-orm";
import { RETURN_WINDOW_DAYS } from "@core/validation/returns";
import { translate } from "@core/i18n";
import type { DbOrTx } from "../../db/client";
import { orderItems, orders, returnRequestLines, returnRequests } from "../../db/schema";
import { AppError, conflict, notFound } from "../../errors";
import { samePhone } from "../documents/documents";

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;

const DAY_MS = 24 * 60 * 60 * 1000;

export const returnDeadline = (deliveredAt: Date) => new Date(deliveredAt.getTime() + RETURN_WINDOW_DAYS * DAY_MS);

/** The caller proves the order: owner's session, or the order's phone or e-mail. */
export function provesOrder(order: OrderRow, viewerId: string | null, contact: string | undefined): boolean {
  if (viewerId && order.userId === viewerId) return true;
  const c = contact?.trim() ?? "";
  if (!c) return false;
  if (c.includes("@")) return c.toLowerCase() === order.email.trim().toLowerCase();
  return samePhone(c, order.phone);
}

/** The refund policy's answer once the window has passed: in the caller's language, and both languages beside it. */
export function windowClosed(): AppError {
  return new AppError("conflict", "returns.windowClosed", undefined, {
    policy: { en: translate("en", "returns.windowClosed"), ar: translate("ar", "returns.windowClosed") },
  });
}

/** Throws unless the order is delivered and still within its 14 days at `now`. */
export function checkWindow(order: OrderRow, now: Date): Date {
  if (order.status !== "Delivered" || !order.deliveredAt) throw conflict("returns.notDelivered");
  const deadline = returnDeadline(order.deliveredAt);
  if (now.getTime() > deadline.getTime()) throw windowClosed();
  return deadline;
}

export interface ReturnableOrder {
  order: OrderRow;
  items: OrderItemRow[];
  deadline: Date;
  /** Line id → the state of the request open for it. */
  openLines: Map<string, (typeof returnRequests.$inferSelect)["state"]>;
}

/** The order by number, proven and within its window, with its lines and their open requests. */
export async function findReturnableOrder(
  db: DbOrTx,
  orderNumber: string,
  viewerId: string | null,
  contact: string | undefined,
  now = new Date(),
): Promise<ReturnableOrder> {
  const [order] = await db
    .select()
    .from(orders)
    .where(eq(orders.orderNumber, orderNumber.trim().toUpperCase()))
    .limit(1);
  if (!order || !provesOrder(order, viewerId, contact)) throw notFound("ordersApi.orderNotFound");
  const deadline = checkWindow(order, now);
  const items = await db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
  const open = items.length
    ? await db
        .select({ lineId: returnRequestLines.orderItemId, state: returnRequests.state })
        .from(returnRequestLines)
        .innerJoin(returnRequests, eq(returnRequests.id, returnRequestLines.requestId))
        .where(
          and(
            eq(returnRequestLines.active, true),
            inArray(
              returnRequestLines.orderItemId,
              items.map((i) => i.id),
            ),
          ),
        )
    : [];
  return { order, items, deadline, openLines: new Map(open.map((o) => [o.lineId, o.state])) };
}
