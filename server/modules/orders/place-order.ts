/**
 * Placing an order (SPEC §3 Order, §9; DESIGN.md §4, §5). The server prices every line from the
 * catalogue; prices or totals a client sends never reach this function. Stock, the promo code's
 * use, the order and the emptied cart are written in ONE transaction: a failure anywhere leaves
 * nothing behind, and the conditional UPDATEs make concurrent buyers unable to take stock below
 * zero or a code past its limit.
 */
import { choiceAvailable } from "@core/product-choice";
import crypto from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import { LIMITS, type Lang } from "@core/constants";
import { codFeeFor, lineTotal, orderTotals } from "@core/pricing";
import { phoneKey } from "@core/contact-keys";
import type { OrderInput } from "@core/validation/checkout";
import type { AppDeps } from "../../deps";
import type { DbOrTx } from "../../db/client";
import { cartItems, idempotencyKeys, orderItems, orders, products } from "../../db/schema";
import { AppError, badInput, conflict, notFound } from "../../errors";
import { redeemPromoCode } from "../promotions/promo-codes";
import { shippingFeeForCity } from "../shipping/shipping-options";
import { productRowColumns, type ProductRow } from "../catalog/product-dto";
import { storedPair, variantStock } from "@core/variants";
import { takeFromVariant } from "../catalog/variant-stock";
import { syncProductStock } from "../catalog/variants";
import { needsConfirmation, queueNewOrderMessages } from "./cod-confirmation";
import { runPlacedOrderHooks } from "./placed-hooks";
import { isUuid } from "../../db/ids";
import { loadOrder, orderById } from "./load-orders";
import { newOrderNumber } from "./order-number";
import type { OrderDTO } from "./order-dto";
import { emit } from "../../events";
import { assertNotBlocked, assertUnderOpenLimit, assertWithinCodMax, codKeysOf } from "../customers/cod-rules";
import { metrics } from "../../metrics/registry";

const ordersPlaced = metrics.counter("azya_orders_placed_total", "Orders placed (a replayed request counts once)");

export interface PlaceOrderContext {
  /** The signed-in customer; null for POST /api/order/guest. */
  userId: string | null;
  lang: Lang;
  /** The Idempotency-Key header, if any. */
  idempotencyKey?: string;
  /** Origin for the tracking link in the e-mail. */
  baseUrl: string;
}

export interface PlacedOrder {
  order: OrderDTO;
  /** True when an earlier request with the same Idempotency-Key had already placed it. */
  replayed: boolean;
}

interface Line {
  productId: string;
  size: string;
  color: string;
  quantity: number;
}

/** Same product, size and colour sent twice count as one line. */
function mergeLines(input: OrderInput["products"]): Line[] {
  const byKey = new Map<string, Line>();
  for (const l of input) {
    const key = `${l.productId}\u0000${l.size}\u0000${l.color.toLowerCase()}`;
    const line = byKey.get(key);
    if (line) line.quantity += l.quantity;
    else byKey.set(key, { productId: l.productId, size: l.size, color: l.color, quantity: l.quantity });
  }
  const lines = [...byKey.values()];
  if (lines.some((l) => l.quantity > LIMITS.cartLineMaxQuantity)) {
    throw badInput("ordersApi.quantityMax");
  }
  return lines;
}

/** Units per product over all of an order's lines (sizes and colours of one product share its stock). */
function unitsPerProduct(lines: Line[]): Map<string, number> {
  const perProduct = new Map<string, number>();
  for (const l of lines) perProduct.set(l.productId, (perProduct.get(l.productId) ?? 0) + l.quantity);
  return perProduct;
}

/**
 * SPEC §5's cart message, now also the server's answer: the order asks more of one product than its
 * stock. A product with nothing left keeps the clearer "sold out" message.
 */
function notEnough(productId: string, name: string, stock: number): AppError {
  const left = Math.max(0, stock);
  if (left === 0) return conflict("ordersApi.soldOut", { name });
  return new AppError("conflict", "ordersApi.onlyAvailableInTotal", { n: left }, { productId, stock: left });
}

/**
 * A line asks more of its size and colour than is left (issue 15): SPEC §5's "out of stock" for a
 * sold-out pair, even while other pairs of the product have stock; otherwise how many are left of it.
 */
function notEnoughOfVariant(line: Line, stock: number): AppError {
  const left = Math.max(0, stock);
  const extra = { productId: line.productId, size: line.size, color: line.color, stock: left };
  if (left === 0) return new AppError("conflict", "ordersApi.outOfStock", undefined, extra);
  return new AppError("conflict", "ordersApi.onlyAvailableInTotal", { n: left }, extra);
}

/** Reads the catalogue rows and checks each line against its product before anything is locked. */
async function checkLines(tx: DbOrTx, lines: Line[]): Promise<Map<string, ProductRow>> {
  if (lines.some((l) => !isUuid(l.productId))) throw notFound("ordersApi.productNotFound");
  const ids = [...new Set(lines.map((l) => l.productId))];
  const rows = await tx.select(productRowColumns).from(products).where(inArray(products.id, ids));
  const byId = new Map(rows.map((p) => [p.id, p]));
  for (const line of lines) {
    const p = byId.get(line.productId);
    if (!p) throw notFound("ordersApi.productNotFound");
    if (p.status !== "approved" || p.hidden) throw conflict("ordersApi.productUnavailable", { name: p.name });
    if (!choiceAvailable(p, line.size, line.color)) throw badInput("ordersApi.sizeColorUnavailable");
  }
  // A first look without locks, to answer early; takeStock's conditional UPDATE is what guarantees it.
  for (const [id, units] of unitsPerProduct(lines)) {
    const p = byId.get(id)!;
    if (units > p.stock) throw notEnough(id, p.name, p.stock);
  }
  for (const line of lines) {
    const left = variantStock(byId.get(line.productId)!, line.size, line.color);
    if (line.quantity > left) throw notEnoughOfVariant(line, left);
  }
  return byId;
}

/**
 * Takes a product's lines from their variants, each a conditional decrement, so concurrent orders
 * never take a pair below zero. Runs after the product row's own decrement locked it.
 */
async function takeVariantStock(tx: DbOrTx, product: ProductRow, lines: Line[]) {
  const ordered = [...lines].sort((a, b) => `${a.size}\u0000${a.color}`.localeCompare(`${b.size}\u0000${b.color}`));
  for (const line of ordered) {
    const took = await takeFromVariant(tx, product.id, storedPair(product, line.size, line.color), line.quantity);
    if (!took.taken) throw notEnoughOfVariant(line, took.left);
  }
}

/**
 * Takes the stock of every product atomically, in id order so two orders never wait on each other
 * in a cycle. Answers the product rows as of the decrement: those prices are the ones charged.
 */
async function takeStock(tx: DbOrTx, lines: Line[], known: Map<string, ProductRow>): Promise<Map<string, ProductRow>> {
  const perProduct = unitsPerProduct(lines);
  const taken = new Map<string, ProductRow>();
  for (const [id, quantity] of [...perProduct.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    const [row] = await tx
      .update(products)
      .set({ stock: sql`${products.stock} - ${quantity}`, soldCount: sql`${products.soldCount} + ${quantity}` })
      .where(
        and(
          eq(products.id, id),
          sql`${products.stock} >= ${quantity}`,
          eq(products.status, "approved"),
          eq(products.hidden, false),
        ),
      )
      .returning();
    if (!row) {
      const [now] = await tx
        .select({ stock: products.stock, name: products.name })
        .from(products)
        .where(eq(products.id, id));
      throw notEnough(id, now?.name ?? known.get(id)?.name ?? "", now?.stock ?? 0);
    }
    await takeVariantStock(
      tx,
      row,
      lines.filter((l) => l.productId === id),
    );
    // The product row's copy of its variants follows them (decision 378).
    await syncProductStock(tx, [id]);
    taken.set(id, row);
  }
  return taken;
}

/** Inserts the order under a fresh number; a clash with an existing number just draws another. */
async function insertOrder(tx: DbOrTx, values: Omit<typeof orders.$inferInsert, "orderNumber">) {
  for (let attempt = 0; attempt < 8; attempt++) {
    const [row] = await tx
      .insert(orders)
      .values({ ...values, orderNumber: newOrderNumber() })
      .onConflictDoNothing({ target: orders.orderNumber })
      .returning();
    if (row) return row;
  }
  throw new Error("could not draw a unique order number");
}

/** JSON with its object keys sorted, so one order always hashes the same. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    return `{${entries
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`)
      .join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

/** The validated order as one SHA-256: what a key may replay (docs/decisions/116). */
export const orderPayloadHash = (input: OrderInput) =>
  crypto.createHash("sha256").update(stableJson(input)).digest("hex");

/**
 * Claims the Idempotency-Key inside the transaction. A concurrent request with the same key blocks
 * on the primary key until this transaction ends: if it committed, that request finds the order;
 * if it rolled back, that request goes ahead as if it were first. The key replays only the order it
 * was claimed with: another payload under it is refused and learns nothing of the first order.
 */
async function claimKey(
  tx: DbOrTx,
  scope: string,
  key: string,
  payloadHash: string,
): Promise<{ existingOrderId: string | null }> {
  const claimed = await tx
    .insert(idempotencyKeys)
    .values({ scope, key, payloadHash })
    .onConflictDoNothing()
    .returning();
  if (claimed.length) return { existingOrderId: null };
  const [row] = await tx
    .select({ orderId: idempotencyKeys.orderId, payloadHash: idempotencyKeys.payloadHash })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
  // A key from before the hash was kept (null) cannot prove it is the same order: refused too.
  if (row && row.payloadHash !== payloadHash) throw conflict("ordersApi.idempotencyKeyReused");
  if (!row?.orderId) throw conflict("ordersApi.orderInProgress");
  return { existingOrderId: row.orderId };
}

export async function placeOrder(deps: AppDeps, input: OrderInput, ctx: PlaceOrderContext): Promise<PlacedOrder> {
  if (input.paymentMethod === "Credit Card" && !deps.config.cardPaymentEnabled)
    throw badInput("ordersApi.cardUnavailable");
  const key = ctx.idempotencyKey?.trim();
  if (key !== undefined && (key.length === 0 || key.length > 200)) throw badInput("ordersApi.idempotencyKeyInvalid");
  const scope = ctx.userId ? `user:${ctx.userId}` : `guest:${input.email.toLowerCase()}`;
  const lines = mergeLines(input.products);
  const cash = input.paymentMethod === "Cash on Delivery";
  const confirmationAsked = needsConfirmation(deps, input.paymentMethod);
  const customer = { phone: input.phone, email: input.email, userId: ctx.userId };

  const outcome = await deps.db.transaction(async (tx) => {
    if (key) {
      const { existingOrderId } = await claimKey(tx, scope, key, orderPayloadHash(input));
      if (existingOrderId) return { orderId: existingOrderId, replayed: true };
    }
    // Issue 16: a blocked phone or e-mail pays by card or not at all; a customer with
    // COD_OPEN_LIMIT orders awaiting confirmation confirms one first (counted under locks).
    if (cash) {
      const keys = await codKeysOf(tx, customer);
      await assertNotBlocked(tx, keys);
      if (confirmationAsked) await assertUnderOpenLimit(tx, deps.config, keys);
    }
    const known = await checkLines(tx, lines);
    // The governorate (`state`) keys the fee; a client that sends only `city` is priced by it as before (decision 125).
    const zone = input.shipping.address.state;
    const city = await shippingFeeForCity(tx, zone || input.shipping.address.city);
    const priced = await takeStock(tx, lines, known);
    const promo = input.promoCode ? await redeemPromoCode(tx, input.promoCode) : null;

    const lineRows = lines.map((l) => {
      const p = priced.get(l.productId)!;
      return { line: l, product: p, total: lineTotal(p, l.quantity) };
    });
    const totals = orderTotals({
      lineTotals: lineRows.map((r) => r.total),
      shippingFee: city.fee,
      freeShipping: lineRows.some((r) => r.product.freeShipping),
      promoPercent: promo?.percent ?? 0,
      codFee: codFeeFor(input.paymentMethod, deps.config.cod.feePiastres),
    });
    if (cash) assertWithinCodMax(deps.config, totals.total, ctx.lang);

    const order = await insertOrder(tx, {
      userId: ctx.userId,
      firstName: input.firstName,
      lastName: input.lastName,
      email: input.email.toLowerCase(),
      phone: input.phone,
      phoneKey: phoneKey(input.phone),
      notes: input.notes,
      promoCode: promo?.code ?? null,
      promoPercent: promo?.percent ?? 0,
      paymentMethod: input.paymentMethod,
      address: zone ? { ...input.shipping.address, state: city.city } : { ...input.shipping.address, city: city.city },
      subtotal: totals.subtotal,
      promoDiscount: totals.promoDiscount,
      shippingPrice: totals.shipping,
      codFee: totals.codFee,
      total: totals.total,
      lang: ctx.lang,
      confirmation: confirmationAsked ? "pending" : null,
    });
    await tx.insert(orderItems).values(
      lineRows.map(({ line, product, total }) => ({
        orderId: order.id,
        productId: product.id,
        name: product.name,
        nameAr: product.nameAr,
        image: product.images[0] ?? null,
        category: product.category,
        quantity: line.quantity,
        size: line.size,
        color: line.color,
        unitPrice: product.price,
        discount: product.discount,
        lineTotal: total,
      })),
    );
    if (ctx.userId) await tx.delete(cartItems).where(eq(cartItems.userId, ctx.userId));
    // Other modules' part of the order (a reminded cart counts as come back: cart-reminders).
    await runPlacedOrderHooks(tx, { orderId: order.id, userId: ctx.userId, email: input.email });
    // E-mail, SMS code and expiry are jobs written with the order: placing it never waits for a mail server.
    await queueNewOrderMessages(deps, tx, order.id, ctx.baseUrl);
    if (key) {
      await tx
        .update(idempotencyKeys)
        .set({ orderId: order.id })
        .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
    }
    return { orderId: order.id, replayed: false };
  });

  if (!outcome.replayed) {
    ordersPlaced.inc();
    emit("catalogue.changed", { reason: "stock" }); // stock changed: listings must not show it as before
  }
  const order = await loadOrder(deps.db, orderById(outcome.orderId));
  if (!order) throw notFound("ordersApi.orderNotFound");
  return { order, replayed: outcome.replayed };
}
