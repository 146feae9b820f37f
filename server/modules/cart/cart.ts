/**
 * The signed-in customer's server cart (SPEC §4 Cart, §5 Cart, §9 quantity and bulk pricing). Each
 * line is one product in one colour and size; the server prices it with core/pricing. Every write
 * answers the whole cart, so the page never has to guess.
 */
import { choiceAvailable } from "@core/product-choice";
import { and, asc, eq, sql } from "drizzle-orm";
import { LIMITS } from "@core/constants";
import { lineTotal, toEgp } from "@core/pricing";
import type { AddToCartInput, MergeCartInput, UpdateCartInput } from "@core/validation/cart";
import type { Db, DbOrTx } from "../../db/client";
import { cartItems, products } from "../../db/schema";
import { badInput, notFound } from "../../errors";
import { productRowColumns, toProductDTO, type ProductRow } from "../catalog/product-dto";
import { variantStock } from "@core/variants";
import type { CartDTO } from "./cart-dto";
import { isUuid } from "../../db/ids";

const MAX = LIMITS.cartLineMaxQuantity;

const visible = (p: ProductRow) => p.status === "approved" && !p.hidden;

export async function getCart(db: DbOrTx, userId: string): Promise<CartDTO> {
  const rows = await db
    .select({ line: cartItems, product: productRowColumns })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .where(eq(cartItems.userId, userId))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id));
  // A product staff hid or deleted since it was added drops out of the cart quietly.
  const live = rows.filter((r) => visible(r.product));
  const total = live.reduce((sum, r) => sum + lineTotal(r.product, r.line.quantity), 0);
  return {
    cart: live.map((r) => ({
      _id: r.line.id,
      productId: toProductDTO(r.product),
      quantity: r.line.quantity,
      color: r.line.color,
      size: r.line.size,
    })),
    cartTotal: toEgp(total),
  };
}

async function loadProduct(tx: DbOrTx, productId: string): Promise<ProductRow> {
  if (!isUuid(productId)) throw notFound("ordersApi.productNotFound");
  const [product] = await tx.select(productRowColumns).from(products).where(eq(products.id, productId)).limit(1);
  if (!product || !visible(product)) throw notFound("ordersApi.productNotFound");
  return product;
}

/** Size and colour must be among the product's own (a product without sizes takes any). */
function checkChoice(product: ProductRow, size: string, color: string) {
  if (!choiceAvailable(product, size, color)) throw badInput("ordersApi.sizeColorUnavailable");
}

const lineWhere = (userId: string, productId: string, color: string, size: string) =>
  and(
    eq(cartItems.userId, userId),
    eq(cartItems.productId, productId),
    eq(cartItems.color, color),
    eq(cartItems.size, size),
  );

async function lockedLine(tx: DbOrTx, userId: string, productId: string, color: string, size: string) {
  const [line] = await tx
    .select()
    .from(cartItems)
    .where(lineWhere(userId, productId, color, size))
    .for("update");
  return line;
}

/**
 * The checks of SPEC §5 Cart for a line that would hold `wanted` items, `existing` of them already.
 * The stock is the line's own size and colour's (issue 15).
 */
function checkLineQuantity(stock: number, existing: number, wanted: number) {
  if (stock <= 0) throw badInput("ordersApi.outOfStock");
  if (wanted < 1) throw badInput("ordersApi.quantityMin");
  if (wanted > MAX) throw badInput("ordersApi.quantityMax");
  if (wanted > stock) throw badInput("ordersApi.notEnoughStock", { n: stock, m: existing });
}

export async function addToCart(db: Db, userId: string, input: AddToCartInput): Promise<CartDTO> {
  return db.transaction(async (tx) => {
    const product = await loadProduct(tx, input.productId);
    checkChoice(product, input.size, input.color);
    const line = await lockedLine(tx, userId, product.id, input.color, input.size);
    const existing = line?.quantity ?? 0;
    const stock = variantStock(product, input.size, input.color);
    checkLineQuantity(stock, existing, existing + input.quantity);
    // The limit is in the upsert too: two adds racing for a line that did not exist yet (nothing to
    // lock) still cannot pass 10 or the stock together.
    const cap = Math.min(MAX, stock);
    const written = await tx
      .insert(cartItems)
      .values({ userId, productId: product.id, quantity: input.quantity, color: input.color, size: input.size })
      .onConflictDoUpdate({
        target: [cartItems.userId, cartItems.productId, cartItems.color, cartItems.size],
        set: { quantity: sql`${cartItems.quantity} + excluded.quantity` },
        setWhere: sql`${cartItems.quantity} + excluded.quantity <= ${cap}`,
      })
      .returning({ id: cartItems.id });
    if (written.length === 0) {
      const now = (await lockedLine(tx, userId, product.id, input.color, input.size))?.quantity ?? 0;
      checkLineQuantity(stock, now, now + input.quantity);
      throw badInput("ordersApi.errorUpdatingCart");
    }
    return getCart(tx, userId);
  });
}

/** PUT /api/cart: the quantity is a delta applied to the existing line. */
export async function updateCartLine(db: Db, userId: string, input: UpdateCartInput): Promise<CartDTO> {
  return db.transaction(async (tx) => {
    const product = await loadProduct(tx, input.productId);
    const line = await lockedLine(tx, userId, product.id, input.color, input.size);
    if (!line) throw notFound("ordersApi.cartLineNotFound");
    const wanted = line.quantity + input.quantity;
    // Lowering a line is always allowed while it stays at 1 or more, even if stock fell meanwhile.
    if (input.quantity < 0 && wanted >= 1) {
      await tx.update(cartItems).set({ quantity: wanted }).where(eq(cartItems.id, line.id));
      return getCart(tx, userId);
    }
    checkLineQuantity(variantStock(product, input.size, input.color), line.quantity, wanted);
    await tx.update(cartItems).set({ quantity: wanted }).where(eq(cartItems.id, line.id));
    return getCart(tx, userId);
  });
}

export async function removeCartLine(
  db: Db,
  userId: string,
  line: { productId: string; color: string; size: string },
): Promise<CartDTO> {
  if (!isUuid(line.productId)) throw notFound("ordersApi.cartLineNotFound");
  const removed = await db
    .delete(cartItems)
    .where(lineWhere(userId, line.productId, line.color, line.size))
    .returning({ id: cartItems.id });
  if (removed.length === 0) throw notFound("ordersApi.cartLineNotFound");
  return getCart(db, userId);
}

export async function clearCart(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(cartItems).where(eq(cartItems.userId, userId));
}

/**
 * A guest's lines join the server cart at sign-in: the same product, colour and size add up, capped
 * at 10 and at the stock. A line that cannot be added (unknown product, sold out, no size) is
 * skipped, never failing the merge.
 */
export async function mergeGuestCart(
  db: Db,
  userId: string,
  input: MergeCartInput,
): Promise<CartDTO & { skipped: number }> {
  let skipped = 0;
  const cart = await db.transaction(async (tx) => {
    for (const item of input.items) {
      const size = item.size.trim();
      const color = item.color.trim();
      if (!isUuid(item.productId) || !size || !color || item.quantity < 1) {
        skipped++;
        continue;
      }
      const [product] = await tx
        .select(productRowColumns)
        .from(products)
        .where(eq(products.id, item.productId))
        .limit(1);
      const stock = product ? variantStock(product, size, color) : 0;
      if (!product || !visible(product) || stock <= 0 || !choiceAvailable(product, size, color)) {
        skipped++;
        continue;
      }
      const line = await lockedLine(tx, userId, product.id, color, size);
      const cap = Math.min(MAX, stock);
      const quantity = Math.min(cap, (line?.quantity ?? 0) + item.quantity);
      if (line) {
        if (quantity > line.quantity) await tx.update(cartItems).set({ quantity }).where(eq(cartItems.id, line.id));
      } else {
        await tx
          .insert(cartItems)
          .values({ userId, productId: product.id, quantity, color, size })
          .onConflictDoNothing();
      }
    }
    return getCart(tx, userId);
  });
  return { ...cart, skipped };
}
