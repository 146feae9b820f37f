/**
 * Stock moves of a return (issue 17), per size and colour pair (decision 230): an approved exchange
 * takes the new pair at once with a conditional decrement (a pair sold out meanwhile is a 409), and
 * receipt puts the returned units back on their own pair. Product rows are locked first, in id
 * order, then their variants, as orders do, so two writers never wait on each other in a cycle.
 */
import { and, eq, sql } from "drizzle-orm";
import { storedPair, type Pair } from "@core/variants";
import type { DbOrTx } from "../../db/client";
import { products, productVariants } from "../../db/schema";
import { conflict } from "../../errors";
import { syncProductStock } from "../catalog/variants";

export interface StockLine extends Pair {
  productId: string | null;
  name: string;
  quantity: number;
}

const variantWhere = (productId: string, pair: Pair) =>
  and(
    eq(productVariants.productId, productId),
    eq(productVariants.size, pair.size),
    eq(productVariants.color, pair.color),
  );

async function lockProducts(tx: DbOrTx, lines: StockLine[]) {
  const ids = [...new Set(lines.flatMap((l) => (l.productId ? [l.productId] : [])))].sort();
  const locked = new Map<string, { sizes: string[]; colors: string[] }>();
  for (const id of ids) {
    const [row] = await tx
      .select({ sizes: products.sizes, colors: products.colors })
      .from(products)
      .where(eq(products.id, id))
      .for("update");
    if (row) locked.set(id, row);
  }
  return locked;
}

/** Takes the exchange's pairs, all or none (the caller's transaction rolls back on the 409). */
export async function reserveExchangeStock(tx: DbOrTx, lines: StockLine[]): Promise<void> {
  const locked = await lockProducts(tx, lines);
  for (const line of lines) {
    const product = line.productId ? locked.get(line.productId) : undefined;
    if (!product || !line.productId) throw conflict("returns.exchangeUnavailable", { name: line.name });
    const [row] = await tx
      .update(productVariants)
      .set({ stock: sql`${productVariants.stock} - ${line.quantity}` })
      .where(
        and(
          variantWhere(line.productId, storedPair(product, line.size, line.color)),
          sql`${productVariants.stock} >= ${line.quantity}`,
        ),
      )
      .returning({ stock: productVariants.stock });
    if (!row) throw conflict("returns.exchangeUnavailable", { name: line.name });
  }
  await syncProductStock(tx, [...locked.keys()]);
}

/**
 * Puts returned units back on their pairs; answers the pairs that rose from 0 (back-in-stock alerts).
 * A refund also takes the units off the product's sales; an exchange's sale still stands.
 */
export async function restockReturned(
  tx: DbOrTx,
  lines: StockLine[],
  unsell: boolean,
): Promise<(Pair & { productId: string })[]> {
  const locked = await lockProducts(tx, lines);
  const restocked: (Pair & { productId: string })[] = [];
  for (const line of lines) {
    const product = line.productId ? locked.get(line.productId) : undefined;
    // A product deleted since keeps nothing to return to.
    if (!product || !line.productId) continue;
    if (unsell) {
      await tx
        .update(products)
        .set({ soldCount: sql`greatest(${products.soldCount} - ${line.quantity}, 0)` })
        .where(eq(products.id, line.productId));
    }
    const pair = storedPair(product, line.size, line.color);
    const [row] = await tx
      .update(productVariants)
      .set({ stock: sql`${productVariants.stock} + ${line.quantity}` })
      .where(variantWhere(line.productId, pair))
      .returning({ stock: productVariants.stock });
    if (row && row.stock === line.quantity) restocked.push({ productId: line.productId, ...pair });
  }
  await syncProductStock(tx, [...locked.keys()]);
  return restocked;
}
