/**
 * Status changes: the owner's cancel (SPEC §4: signed in, own order, Processing only) and the staff
 * dropdown (any status). Cancelling returns the stock; the promo code's use is NOT returned, so a
 * limited code cannot be re-used by ordering and cancelling (docs/decisions/031-order-cancel-and-status.md).
 */
import { eq, sql } from "drizzle-orm";
import type { OrderStatus } from "@core/constants";
import type { CancelReason } from "@core/validation/customers";
import type { AppDeps } from "../../deps";
import type { Db, DbOrTx } from "../../db/client";
import { orders } from "../../db/schema";
import { recordAudit } from "../audit/audit";
import { conflict, notFound } from "../../errors";
import type { AuditActor } from "../audit/audit";
import { orderStatusEmail, type EmailContent } from "./emails";
import { isUuid } from "../../db/ids";
import { loadOrder, orderById } from "./load-orders";
import type { OrderDTO, OrderRow } from "./order-dto";
import { emit } from "../../events";
import { retakeOrderStock, returnOrderStock, type Restocked } from "./order-stock";

/** After the commit: listeners (back-in-stock alerts) hear of each pair that rose from 0. */
function announceRestocks(pairs: Restocked[]) {
  for (const p of pairs) emit("variant.restocked", { productId: p.productId, size: p.size, color: p.color });
}

async function lockOrder(tx: DbOrTx, id: string) {
  if (!isUuid(id)) return undefined;
  const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for("update");
  return row;
}

/** PUT /api/order/{id}/cancel. Someone else's order reads as not found, so ids leak nothing. */
export async function cancelOwnOrder(db: Db, userId: string, id: string): Promise<OrderDTO> {
  const restocked = await db.transaction(async (tx) => {
    const order = await lockOrder(tx, id);
    if (!order || order.userId !== userId) throw notFound("ordersApi.orderNotFound");
    if (order.status !== "Processing") throw conflict("ordersApi.onlyProcessingCancel");
    await tx
      .update(orders)
      .set({ status: "Cancelled", cancelReason: "customer_asked", updatedAt: new Date() })
      .where(eq(orders.id, order.id));
    return returnOrderStock(tx, order.id);
  });
  emit("catalogue.changed", { reason: "stock" }); // the stock came back
  announceRestocks(restocked);
  return (await loadOrder(db, orderById(id)))!;
}

export interface SetStatusOptions {
  /** Checked on the locked row: the change happens only if it holds (an expiry racing a confirmation). */
  onlyIf?: (order: OrderRow) => boolean;
  /** The e-mail the customer gets instead of the usual status note. */
  notice?: (order: OrderDTO) => EmailContent;
  /** Why staff cancel (issue 16): stored on the order and in the audit trail; only with Cancelled. */
  reason?: CancelReason;
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
  let restocked: Restocked[] = [];
  const changed = await deps.db.transaction(async (tx) => {
    const order = await lockOrder(tx, id);
    if (!order) throw notFound("ordersApi.orderNotFound");
    if (order.status === status) {
      // Cancelled again with another reason: staff correct the reason (e.g. "other" was a refusal).
      if (status === "Cancelled" && opts.reason && opts.reason !== order.cancelReason) {
        await tx
          .update(orders)
          .set({ cancelReason: opts.reason, updatedAt: new Date() })
          .where(eq(orders.id, order.id));
        await recordAudit(tx, actor, "order.cancel-reason", "order", order.id, {
          orderNumber: order.orderNumber,
          from: order.cancelReason,
          to: opts.reason,
        });
      }
      return false;
    }
    if (opts.onlyIf && !opts.onlyIf(order)) return false;
    if (order.confirmation === "pending" && leavesTheShop(status)) throw conflict("cod.confirmFirst");
    if (status === "Cancelled") restocked = await returnOrderStock(tx, order.id);
    else if (order.status === "Cancelled") await retakeOrderStock(tx, order.id);
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
      // Delivered stamps the day the return window starts; a correction away from it clears it.
      .set({
        status,
        ...cashPayment,
        deliveredAt: status === "Delivered" ? sql`now()` : null,
        cancelReason: status === "Cancelled" ? (opts.reason ?? null) : null,
        updatedAt: new Date(),
      })
      .where(eq(orders.id, order.id));
    await recordAudit(tx, actor, "order.status", "order", order.id, {
      orderNumber: order.orderNumber,
      from: order.status,
      to: status,
      ...(status === "Cancelled" && opts.reason ? { reason: opts.reason } : {}),
    });
    return true;
  });
  if (changed) emit("catalogue.changed", { reason: "stock" }); // a cancellation returns stock, an undone one takes it again
  announceRestocks(restocked);
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
