/**
 * One size and colour pair's stock moved by an order, a cancellation or a return: each a single
 * conditional UPDATE, so concurrent writers can never take a pair below zero (decision 230).
 * The caller locks the product row first and syncs the product's total afterwards (syncProductStock).
 */
import { and, eq, sql } from "drizzle-orm";
import type { Pair } from "@core/variants";
import type { DbOrTx } from "../../db/client";
import { productVariants } from "../../db/schema";

const variantWhere = (productId: string, pair: Pair) =>
  and(
    eq(productVariants.productId, productId),
    eq(productVariants.size, pair.size),
    eq(productVariants.color, pair.color),
  );

/**
 * Takes `quantity` units from the pair if it has them. Answers `{ taken: true }`, or the units the
 * pair has left (0 for a pair that does not exist) without taking any.
 */
export async function takeFromVariant(
  tx: DbOrTx,
  productId: string,
  pair: Pair,
  quantity: number,
): Promise<{ taken: true } | { taken: false; left: number }> {
  const where = variantWhere(productId, pair);
  const [row] = await tx
    .update(productVariants)
    .set({ stock: sql`${productVariants.stock} - ${quantity}` })
    .where(and(where, sql`${productVariants.stock} >= ${quantity}`))
    .returning({ stock: productVariants.stock });
  if (row) return { taken: true };
  const [now] = await tx.select({ stock: productVariants.stock }).from(productVariants).where(where);
  return { taken: false, left: Math.max(0, now?.stock ?? 0) };
}

/** Puts `quantity` units back on the pair; answers its new stock, or null when staff removed the pair. */
export async function addToVariant(
  tx: DbOrTx,
  productId: string,
  pair: Pair,
  quantity: number,
): Promise<number | null> {
  const [row] = await tx
    .update(productVariants)
    .set({ stock: sql`${productVariants.stock} + ${quantity}` })
    .where(variantWhere(productId, pair))
    .returning({ stock: productVariants.stock });
  return row ? row.stock : null;
}
