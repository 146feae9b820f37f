/**
 * The staff's steps on a request (issue 17): approve (an exchange reserves its pairs and gets its
 * no-charge order at once), reject with a reason, mark received (units back to their pairs), mark
 * refunded (at most what the lines were paid). Each step locks the request row and checks its state
 * there, so two staff clicking at once do it once (the second gets 409). Each is in the audit trail
 * and e-mails the customer, in the same transaction.
 */
import { and, eq } from "drizzle-orm";
import { paidForUnits, toPiastres } from "@core/pricing";
import type { ReturnState } from "@core/validation/returns";
import type { AppDeps } from "../../deps";
import type { DbOrTx } from "../../db/client";
import { isUuid } from "../../db/ids";
import { orderItems, orders, returnRequestLines, returnRequests } from "../../db/schema";
import { badInput, conflict, notFound } from "../../errors";
import { emit } from "../../events";
import { type AuditActor, recordAudit } from "../audit/audit";
import { createExchangeOrder } from "./exchange-order";
import { returnEmail, type ReturnStep } from "./return-emails";
import { reserveExchangeStock, restockReturned } from "./return-stock";
import type { StaffReturnDTO } from "./returns-dto";
import { loadStaffReturn } from "./staff-returns";

type RequestRow = typeof returnRequests.$inferSelect;

/** Which state each step needs: anything else is a 409. */
const FROM: Record<Exclude<ReturnStep, "requested">, ReturnState> = {
  approved: "open",
  rejected: "open",
  received: "approved",
  refunded: "received",
};

interface StepContext {
  tx: DbOrTx;
  request: RequestRow;
  order: typeof orders.$inferSelect;
  lines: { line: typeof returnRequestLines.$inferSelect; item: typeof orderItems.$inferSelect }[];
}

async function step(
  deps: AppDeps,
  actor: AuditActor,
  id: string,
  to: Exclude<ReturnStep, "requested">,
  baseUrl: string,
  work: (c: StepContext) => Promise<{ set: Partial<RequestRow>; details?: Record<string, unknown> }>,
): Promise<StaffReturnDTO> {
  if (!isUuid(id)) throw notFound("returns.notFound");
  await deps.db.transaction(async (tx) => {
    const [request] = await tx.select().from(returnRequests).where(eq(returnRequests.id, id)).for("update");
    if (!request) throw notFound("returns.notFound");
    if (request.state !== FROM[to]) throw conflict("returns.badTransition");
    if (to === "refunded" && request.kind !== "refund") throw conflict("returns.badTransition");
    const [order] = await tx.select().from(orders).where(eq(orders.id, request.orderId));
    const lines = await tx
      .select({ line: returnRequestLines, item: orderItems })
      .from(returnRequestLines)
      .innerJoin(orderItems, eq(orderItems.id, returnRequestLines.orderItemId))
      .where(eq(returnRequestLines.requestId, id));
    const { set, details } = await work({ tx, request, order: order!, lines });
    await tx
      .update(returnRequests)
      .set({ ...set, state: to, updatedAt: new Date() })
      .where(eq(returnRequests.id, id));
    await recordAudit(
      tx,
      actor,
      `return.${to === "approved" ? "approve" : to === "rejected" ? "reject" : to === "received" ? "receive" : "refund"}`,
      "return",
      id,
      {
        orderNumber: order!.orderNumber,
        kind: request.kind,
        from: request.state,
        to,
        ...details,
      },
    );
    const after = { ...request, ...set };
    const exchangeNumber = after.exchangeOrderId
      ? (await tx.select({ n: orders.orderNumber }).from(orders).where(eq(orders.id, after.exchangeOrderId)))[0]?.n
      : null;
    const mail = returnEmail(
      to,
      {
        lang: order!.lang,
        orderNumber: order!.orderNumber,
        kind: request.kind,
        exchangeOrderNumber: exchangeNumber,
        rejectReason: after.rejectReason,
        refundAmount: after.refundAmount,
        refundMethod: after.refundMethod,
      },
      baseUrl,
    );
    await deps.mailer.send({ to: order!.email, ...mail }, { db: tx });
  });
  return (await loadStaffReturn(deps.db, deps.config, id))!;
}

export async function approveReturn(deps: AppDeps, actor: AuditActor, id: string, baseUrl: string) {
  let tookStock = false;
  const dto = await step(deps, actor, id, "approved", baseUrl, async ({ tx, request, order, lines }) => {
    if (request.kind !== "exchange") return { set: {} };
    const wanted = lines.map(({ line, item }) => ({
      item,
      quantity: line.quantity,
      size: line.exchangeSize ?? item.size,
      color: line.exchangeColor ?? item.color,
    }));
    await reserveExchangeStock(
      tx,
      wanted.map((w) => ({
        productId: w.item.productId,
        name: w.item.name,
        quantity: w.quantity,
        size: w.size,
        color: w.color,
      })),
    );
    tookStock = true;
    const exchange = await createExchangeOrder(tx, order, wanted);
    return { set: { exchangeOrderId: exchange.id }, details: { exchangeOrderNumber: exchange.orderNumber } };
  });
  if (tookStock) emit("catalogue.changed", { reason: "stock" });
  return dto;
}

export async function rejectReturn(deps: AppDeps, actor: AuditActor, id: string, reason: string, baseUrl: string) {
  return step(deps, actor, id, "rejected", baseUrl, async ({ tx }) => {
    // The lines are free again: the customer may ask once more within the window.
    await tx
      .update(returnRequestLines)
      .set({ active: false })
      .where(and(eq(returnRequestLines.requestId, id), eq(returnRequestLines.active, true)));
    return { set: { rejectReason: reason }, details: { reason } };
  });
}

export async function receiveReturn(deps: AppDeps, actor: AuditActor, id: string, baseUrl: string) {
  let restocked: Awaited<ReturnType<typeof restockReturned>> = [];
  const dto = await step(deps, actor, id, "received", baseUrl, async ({ tx, request, lines }) => {
    restocked = await restockReturned(
      tx,
      lines.map(({ line, item }) => ({
        productId: item.productId,
        name: item.name,
        quantity: line.quantity,
        size: item.size,
        color: item.color,
      })),
      request.kind === "refund",
    );
    return { set: {}, details: { units: lines.reduce((s, l) => s + l.line.quantity, 0) } };
  });
  emit("catalogue.changed", { reason: "stock" });
  for (const p of restocked) emit("variant.restocked", p);
  return dto;
}

export async function refundReturn(
  deps: AppDeps,
  actor: AuditActor,
  id: string,
  input: { amount: number; method: "cash" | "wallet" },
  baseUrl: string,
) {
  const amount = toPiastres(input.amount);
  return step(deps, actor, id, "refunded", baseUrl, async ({ order, lines }) => {
    const paid = lines.reduce((s, { line, item }) => s + paidForUnits(item, order, line.quantity), 0);
    if (amount <= 0 || amount > paid) throw badInput("returns.amountTooMuch", { max: paid / 100 });
    return {
      set: { refundAmount: amount, refundMethod: input.method, refundedAt: new Date() },
      details: { amount, method: input.method },
    };
  });
}
