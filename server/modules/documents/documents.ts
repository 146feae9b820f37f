/**
 * The document services: who may have which order's PDF, loaded through the orders module's own
 * reads, then rendered. They know nothing of HTTP; an order the caller may not see is "not found",
 * so a guess learns nothing about which order numbers exist.
 */
import { isStaff } from "@core/roles";
import { eq, inArray } from "drizzle-orm";
import type { Lang } from "@core/constants";
import type { Db } from "../../db/client";
import { orders } from "../../db/schema";
import { notFound } from "../../errors";
import type { SessionUser } from "../accounts/sessions";
import { loadOrder, orderById, orderByNumber, withItems } from "../orders/load-orders";
import type { OrderDTO } from "../orders/order-dto";
import { renderInvoice } from "./invoice";
import { renderSlipsAndLabels } from "./slips-and-labels";

export interface PdfFile {
  fileName: string;
  pdf: Buffer;
}

/** Egyptian numbers as typed: spaces, dashes and a +20 / 0020 prefix do not matter. */
export function samePhone(a: string, b: string): boolean {
  const norm = (p: string) => {
    const digits = p.replace(/\D/g, "").replace(/^00/, "");
    return digits.startsWith("20") && digits.length === 12 ? `0${digits.slice(2)}` : digits;
  };
  const x = norm(a);
  return x.length > 0 && x === norm(b);
}

const invoiceFile = async (order: OrderDTO, lang: Lang): Promise<PdfFile> => ({
  fileName: `invoice-${order.orderNumber}.pdf`,
  pdf: await renderInvoice(order, lang),
});

/** The invoice for a signed-in viewer: the order's owner, or staff for any order. */
export async function invoiceForUser(db: Db, orderId: string, viewer: SessionUser, lang: Lang): Promise<PdfFile> {
  const order = await loadOrder(db, orderById(orderId));
  if (!order) throw notFound("ordersApi.orderNotFound");
  if (!isStaff(viewer)) {
    const [row] = await db.select({ userId: orders.userId }).from(orders).where(eq(orders.id, order._id));
    if (row?.userId !== viewer._id) throw notFound("ordersApi.orderNotFound");
  }
  return invoiceFile(order, lang);
}

/** The invoice for a guest who knows the order number and the phone the order was placed with. */
export async function invoiceForGuest(
  db: Db,
  input: { orderNumber: string; phone: string },
  lang: Lang,
): Promise<PdfFile> {
  const order = await loadOrder(db, orderByNumber(input.orderNumber));
  if (!order || !samePhone(input.phone, order.phone)) throw notFound("ordersApi.orderNotFound");
  return invoiceFile(order, lang);
}

/** Staff: packing slips and labels for the given orders, in the order given; unknown ids are skipped. */
export async function slipsAndLabels(db: Db, ids: string[], lang: Lang): Promise<PdfFile> {
  const rows = await db.select().from(orders).where(inArray(orders.id, ids));
  const found = await withItems(db, rows);
  const byId = new Map(found.map((o) => [o._id, o]));
  const list = ids.map((id) => byId.get(id)).filter((o): o is OrderDTO => !!o);
  if (list.length === 0) throw notFound("documents.noOrders");
  const stamp = new Date().toISOString().slice(0, 10);
  return { fileName: `slips-and-labels-${stamp}.pdf`, pdf: await renderSlipsAndLabels(list, lang) };
}
