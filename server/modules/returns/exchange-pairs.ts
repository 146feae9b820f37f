/** The pairs a line may be exchanged for: the same product, another size or colour, in stock now. */
import { and, eq, gt, inArray } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { products, productVariants } from "../../db/schema";

export interface StockedPair {
  size: string;
  color: string;
  stock: number;
}

const samePair = (a: { size: string; color: string }, b: { size: string; color: string }) =>
  a.size === b.size && a.color.toLowerCase() === b.color.toLowerCase();

/** Product id → its pairs with stock, of approved products still on show (one query). */
export async function stockedPairs(db: DbOrTx, productIds: string[]): Promise<Map<string, StockedPair[]>> {
  const ids = [...new Set(productIds)];
  const out = new Map<string, StockedPair[]>();
  if (ids.length === 0) return out;
  const rows = await db
    .select({
      productId: productVariants.productId,
      size: productVariants.size,
      color: productVariants.color,
      stock: productVariants.stock,
      sizes: products.sizes,
      colors: products.colors,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(
      and(
        inArray(productVariants.productId, ids),
        gt(productVariants.stock, 0),
        eq(products.status, "approved"),
        eq(products.hidden, false),
      ),
    );
  // In the product's own size then colour order, as the product page lists them.
  rows.sort(
    (a, b) =>
      a.sizes.indexOf(a.size) - b.sizes.indexOf(b.size) ||
      a.colors.indexOf(a.color) - b.colors.indexOf(b.color) ||
      a.size.localeCompare(b.size) ||
      a.color.localeCompare(b.color),
  );
  for (const r of rows) {
    const list = out.get(r.productId) ?? [];
    list.push({ size: r.size, color: r.color, stock: r.stock });
    out.set(r.productId, list);
  }
  return out;
}

/** The line's exchange options: every stocked pair but the one it has. */
export const exchangeOptionsFor = (
  pairs: Map<string, StockedPair[]>,
  productId: string | null,
  current: { size: string; color: string },
) => (productId ? (pairs.get(productId) ?? []).filter((p) => !samePair(p, current)) : []);

export { samePair };
