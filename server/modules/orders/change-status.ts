/**
 * Status changes: the owner's cancel (SPEC §4: signed in, own order, Processing only) and the staff
 * dropdown (any status). Cancelling returns the stock; the promo code's use is NOT returned, so a
 * limited code cannot be re-used by ordering and cancelling (docs/decisions/031-order-cancel-and-status.md).
 */
import { and, eq, sql } from "drizzle-orm";
import type { OrderStatus } from "@core/constants";
import type { AppDeps } from "../../deps";
import type { Db, DbOrTx } from "../../db/client";
import { orderItems, orders, products } from "../../db/schema";
import { recordAudit } from "../audit/audit";
import { conflict, notFound } from "../../errors";
import type { AuditActor } from "../audit/audit";
import { orderStatusEmail, type EmailContent } from "./emails";
import { isUuid } from "../../db/ids";
import { loadOrder, orderById } from "./load-orders";
import type { OrderDTO, OrderRow } from "./order-dto";
import { emit } from "../../events";

async function lockOrder(tx: DbOrTx, id: string) {
  if (!isUuid(id)) return undefined;
  const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for("update");
  return row;
}

async function itemsPerProduct(tx: DbOrTx, orderId: string): Promise<[string, number][]> {
  const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, orderId));
  const per = new Map<string, number>();
  for (const i of items) if (i.productId) per.set(i.productId, (per.get(i.productId) ?? 0) + i.quantity);
  return [...per.entries()].sort(([a], [b]) => a.localeCompare(b));
}

async function returnStock(tx: DbOrTx, orderId: string) {
  for (const [id, q] of await itemsPerProduct(tx, orderId)) {
    await tx
      .update(products)
      .set({ stock: sql`${products.stock} + ${q}`, soldCount: sql`greatest(${products.soldCount} - ${q}, 0)` })
      .where(eq(products.id, id));
  }
}

/** Re-opening a cancelled order takes its stock again, with the same guard as a new order. */
async function retakeStock(tx: DbOrTx, orderId: string) {
  for (const [id, q] of await itemsPerProduct(tx, orderId)) {
    const [row] = await tx
      .update(products)
      .set({ stock: sql`${products.stock} - ${q}`, soldCount: sql`${products.soldCount} + ${q}` })
      .where(and(eq(products.id, id), sql`${products.stock} >= ${q}`))
      .returning({ id: products.id });
    if (!row) {
      const [p] = await tx
        .select({ name: products.name, stock: products.stock })
        .from(products)
        .where(eq(products.id, id));
      throw p && p.stock > 0
        ? conflict("ordersApi.notEnoughForOrder", { name: p.name, n: p.stock })
        : conflict("ordersApi.soldOut", { name: p?.name ?? "" });
    }
  }
}

/** PUT /api/order/{id}/cancel. Someone else's order reads as not found, so ids leak nothing. */
export async function cancelOwnOrder(db: Db, userId: string, id: string): Promise<OrderDTO> {
  await db.transaction(async (tx) => {
    const order = await lockOrder(tx, id);
    if (!order || order.userId !== userId) throw notFound("ordersApi.orderNotFound");
    if (order.status !== "Processing") throw conflict("ordersApi.onlyProcessingCancel");
    await tx.update(orders).set({ status: "Cancelled", updatedAt: new Date() }).where(eq(orders.id, order.id));
    await returnStock(tx, order.id);
  });
  emit("catalogue.changed", { reason: "stock" }); // the stock came back
  return (await loadOrder(db, orderById(id)))!;
}

export interface SetStatusOptions {
  /** Checked on the locked row: the change happens only if it holds (an expiry racing a confirmation). */
  onlyIf?: (order: OrderRow) => boolean;
  /** The e-mail the customer gets instead of the usual status note. */
  notice?: (order: OrderDTO) => EmailContent;
}

/** An unconfirmed cash-on-delivery order may not leave the shop (issue 16): confirm it first. */
const leavesTheShop = (status: OrderStatus) => status !== "Processing" && status !== "Cancelled";

/** PUT /api/moderator/orders/{id}/status: any status; recorded in the audit log; the customer is told. */
export async function setOrderStatus(
  deps: AppDeps,
  actor: AuditActor,
  id: string,
  status: OrderStatus,
  baseUrl: string,
  opts: SetStatusOptions = {},
): Promise<OrderDTO> {
  const changed = await deps.db.transaction(async (tx) => {
    const order = await lockOrder(tx, id);
    if (!order) throw notFound("ordersApi.orderNotFound");
    if (order.status === status) return false;
    if (opts.onlyIf && !opts.onlyIf(order)) return false;
    if (order.confirmation === "pending" && leavesTheShop(status)) throw conflict("cod.confirmFirst");
    if (status === "Cancelled") await returnStock(tx, order.id);
    else if (order.status === "Cancelled") await retakeStock(tx, order.id);
    // Cash is collected at the door: a delivered cash order is paid, and a correction away from
    // Delivered means it was not (docs/decisions/117). Card orders are paid only by the provider.
    const cashPayment =
      order.paymentMethod !== "Cash on Delivery"
        ? {}
        : status === "Delivered"
          ? { paymentStatus: "Paid" as const }
          : order.status === "Delivered"
            ? { paymentStatus: "Unpaid" as const }
            : {};
    await tx
      .update(orders)
      .set({ status, ...cashPayment, updatedAt: new Date() })
      .where(eq(orders.id, order.id));
    await recordAudit(tx, actor, "order.status", "order", order.id, {
      orderNumber: order.orderNumber,
      from: order.status,
      to: status,
    });
    return true;
  });
  if (changed) emit("catalogue.changed", { reason: "stock" }); // a cancellation returns stock, an undone one takes it again
  const order = (await loadOrder(deps.db, orderById(id)))!;
  if (changed) {
    // The change is committed; a failed e-mail is logged, not turned into a failed status change.
    const mail = opts.notice ? opts.notice(order) : orderStatusEmail(order, baseUrl);
    await deps.mailer
      .send({ to: order.email, ...mail })
      .catch((err) =>
        deps.log.error({ err, orderNumber: order.orderNumber }, "order status e-mail could not be queued"),
      );
  }
  return order;
}
