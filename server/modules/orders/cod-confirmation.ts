/**
 * Cash-on-delivery confirmation (issue 16, docs/decisions/252): a new COD order awaits the
 * customer's 6-digit code (sent by SMS, and in the e-mail with a link to the order's page) or
 * staff's one-click confirmation after a phone call. The code is a keyed HMAC with five tries,
 * reserved atomically before each compare (server/security/one-time-code.ts, as account codes).
 */
import { and, eq, sql } from "drizzle-orm";
import { TIMINGS } from "@core/constants";
import { translate } from "@core/i18n";
import { formatEgp, toPiastres } from "@core/pricing";
import type { AppDeps } from "../../deps";
import type { Db, DbOrTx } from "../../db/client";
import { orderConfirmations, orders } from "../../db/schema";
import { AppError, badInput, conflict, notFound } from "../../errors";
import { MAX_CODE_ATTEMPTS, guessCode, hashCode, newCode } from "../../security/one-time-code";
import { recordAudit, type AuditActor } from "../audit/audit";
import { sendOrderConfirmation } from "./emails";
import { loadOrder, orderById, orderByNumber } from "./load-orders";
import type { OrderDTO, OrderRow } from "./order-dto";

export const EXPIRE_UNCONFIRMED_JOB = "order.expire-unconfirmed";

/** Whether a new order of this payment method must be confirmed before it ships. */
export const needsConfirmation = (deps: AppDeps, paymentMethod: string) =>
  paymentMethod === "Cash on Delivery" && deps.config.COD_CONFIRMATION === "code";

const saltOf = (orderId: string) => `order:${orderId}`;

/** A fresh code for the order (the old one, and its tries, are replaced), queued by SMS in `db`. */
async function issueConfirmationCode(deps: AppDeps, db: DbOrTx, order: OrderDTO): Promise<string> {
  const code = newCode();
  const codeHash = await hashCode(db, saltOf(order._id), code);
  await db
    .insert(orderConfirmations)
    .values({ orderId: order._id, codeHash })
    .onConflictDoUpdate({
      target: orderConfirmations.orderId,
      set: { codeHash, attempts: 0, sentAt: sql`now()` },
    });
  const total = formatEgp(toPiastres(order.totalAmount), order.lang);
  const text = translate(order.lang, "cod.sms", { orderNumber: order.orderNumber, code, total });
  await deps.sms.send({ to: order.phone, text }, { db });
  return code;
}

/**
 * Inside the order's own transaction: the e-mail (with the code and link when a confirmation is
 * awaited), the SMS and the expiry job are all written with the order, or not at all.
 */
export async function queueNewOrderMessages(deps: AppDeps, tx: DbOrTx, orderId: string, baseUrl: string) {
  const order = (await loadOrder(tx, orderById(orderId)))!;
  if (order.confirmation !== "pending") {
    await sendOrderConfirmation(deps, tx, order, baseUrl);
    return;
  }
  const hours = deps.config.COD_CONFIRM_HOURS;
  const code = await issueConfirmationCode(deps, tx, order);
  await sendOrderConfirmation(deps, tx, order, baseUrl, { code, hours });
  await deps.jobs.enqueue(tx, {
    kind: EXPIRE_UNCONFIRMED_JOB,
    payload: { orderId },
    runAt: new Date(Date.now() + hours * 3_600_000),
    uniqueKey: `expire:${orderId}`,
  });
}

/** Marks a pending, still-processing order confirmed; false when it was not (any more) awaiting that. */
async function markConfirmed(db: DbOrTx, orderId: string, by: "customer" | "staff"): Promise<boolean> {
  const [row] = await db
    .update(orders)
    .set({ confirmation: "confirmed", confirmedAt: sql`now()`, confirmedBy: by, updatedAt: sql`now()` })
    .where(and(eq(orders.id, orderId), eq(orders.confirmation, "pending"), eq(orders.status, "Processing")))
    .returning({ id: orders.id });
  if (row) await db.delete(orderConfirmations).where(eq(orderConfirmations.orderId, orderId));
  return Boolean(row);
}

/** Why an order cannot be confirmed: already confirmed, cancelled, or never awaiting it. */
function notAwaiting(row: Pick<OrderRow, "confirmation" | "status">): AppError {
  if (row.status === "Cancelled") return conflict("cod.orderCancelled");
  return conflict(row.confirmation === "confirmed" ? "cod.alreadyConfirmed" : "cod.notAwaiting");
}

async function findRow(db: DbOrTx, orderNumber: string) {
  const [row] = await db.select().from(orders).where(orderByNumber(orderNumber)).limit(1);
  if (!row) throw notFound("ordersApi.orderNotFound");
  return row;
}

/** POST /api/order/confirm: the customer's code. A wrong one uses one of five tries. */
export async function confirmByCode(db: Db, orderNumber: string, code: string): Promise<void> {
  const row = await findRow(db, orderNumber);
  if (row.confirmation !== "pending" || row.status !== "Processing") {
    // Confirming twice (the SMS and then the e-mail link) is no error.
    if (row.confirmation === "confirmed" && row.status !== "Cancelled") return;
    throw notAwaiting(row);
  }
  let left = 0;
  const guess = await guessCode(db, saltOf(row.id), code, async () => {
    const [reserved] = await db
      .update(orderConfirmations)
      .set({ attempts: sql`${orderConfirmations.attempts} + 1` })
      .where(and(eq(orderConfirmations.orderId, row.id), sql`${orderConfirmations.attempts} < ${MAX_CODE_ATTEMPTS}`))
      .returning({ codeHash: orderConfirmations.codeHash, attempts: orderConfirmations.attempts });
    left = reserved ? MAX_CODE_ATTEMPTS - reserved.attempts : 0;
    return reserved?.codeHash;
  });
  if (guess === "no-try") throw badInput("cod.codeVoided");
  if (guess === "wrong") throw left > 0 ? badInput("cod.wrongCode", { left }) : badInput("cod.codeVoided");
  if (!(await markConfirmed(db, row.id, "customer"))) {
    const now = await findRow(db, orderNumber);
    if (now.confirmation !== "confirmed" || now.status === "Cancelled") throw notAwaiting(now);
  }
}

/** POST /api/order/confirm/resend: a new code by SMS, at most one a minute per order. */
export async function resendConfirmationCode(deps: AppDeps, orderNumber: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(orders).where(orderByNumber(orderNumber)).for("update");
    if (!row) throw notFound("ordersApi.orderNotFound");
    if (row.confirmation !== "pending" || row.status !== "Processing") throw notAwaiting(row);
    const [live] = await tx
      .select({ sentAt: orderConfirmations.sentAt })
      .from(orderConfirmations)
      .where(eq(orderConfirmations.orderId, row.id));
    const elapsed = live ? Date.now() - live.sentAt.getTime() : Number.POSITIVE_INFINITY;
    const wait = Math.ceil((TIMINGS.resendCodeSeconds * 1000 - elapsed) / 1000);
    if (wait > 0) throw new AppError("rate_limited", "cod.resendWait", { seconds: wait });
    await issueConfirmationCode(deps, tx, (await loadOrder(tx, orderById(row.id)))!);
  });
}

/** POST /api/moderator/orders/{id}/confirm: staff confirm after calling the customer (audited). */
export async function confirmByStaff(db: Db, actor: AuditActor, orderId: string): Promise<OrderDTO> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
    if (!row) throw notFound("ordersApi.orderNotFound");
    if (row.confirmation === "confirmed" && row.status !== "Cancelled") return;
    if (!(await markConfirmed(tx, row.id, "staff"))) throw notAwaiting(row);
    await recordAudit(tx, actor, "order.confirm", "order", row.id, { orderNumber: row.orderNumber });
  });
  return (await loadOrder(db, orderById(orderId)))!;
}
