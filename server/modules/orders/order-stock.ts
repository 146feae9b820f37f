/**
 * An order's units back to their size and colour (a cancellation) or taken again (a staff status
 * change back from Cancelled), per variant (issue 15). Each product row is locked first, then its
 * variants, as an order's placement does, and the product's total is set to its variants' sum.
 */
import { eq, sql } from "drizzle-orm";
import { storedPair, type Pair } from "@core/variants";
import type { DbOrTx } from "../../db/client";
import { orderItems, products } from "../../db/schema";
import { conflict } from "../../errors";
import { addToVariant, takeFromVariant } from "../catalog/variant-stock";
import { syncProductStock } from "../catalog/variants";

interface ItemLine extends Pair {
  productId: string;
  quantity: number;
}

export interface Restocked extends Pair {
  productId: string;
}

/** The order's lines by product (id order, so two writers never wait on each other in a cycle). */
async function linesByProduct(tx: DbOrTx, orderId: string): Promise<[string, ItemLine[]][]> {
  const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, orderId));
  const per = new Map<string, ItemLine[]>();
  for (const i of items) {
    if (!i.productId) continue;
    const list = per.get(i.productId) ?? [];
    list.push({ productId: i.productId, size: i.size, color: i.color, quantity: i.quantity });
    per.set(i.productId, list);
  }
  return [...per.entries()].sort(([a], [b]) => a.localeCompare(b));
}

const sumOf = (lines: ItemLine[]) => lines.reduce((s, l) => s + l.quantity, 0);

async function lockProduct(tx: DbOrTx, id: string) {
  const [row] = await tx
    .select({ name: products.name, sizes: products.sizes, colors: products.colors, stock: products.stock })
    .from(products)
    .where(eq(products.id, id))
    .for("update");
  return row;
}

/**
 * Returns a cancelled order's units to their variants; answers the pairs that rose from 0, for the
 * "variant.restocked" event after the commit. A pair staff have since removed gets nothing back.
 */
export async function returnOrderStock(tx: DbOrTx, orderId: string): Promise<Restocked[]> {
  const restocked: Restocked[] = [];
  const touched: string[] = [];
  for (const [id, lines] of await linesByProduct(tx, orderId)) {
    const product = await lockProduct(tx, id);
    if (!product) continue;
    touched.push(id);
    await tx
      .update(products)
      .set({ soldCount: sql`greatest(${products.soldCount} - ${sumOf(lines)}, 0)` })
      .where(eq(products.id, id));
    for (const line of lines) {
      const pair = storedPair(product, line.size, line.color);
      const stock = await addToVariant(tx, id, pair, line.quantity);
      if (stock === line.quantity) restocked.push({ productId: id, ...pair });
    }
  }
  await syncProductStock(tx, touched);
  return restocked;
}

/** Takes a re-opened order's units again, with the same guard as a new order. */
export async function retakeOrderStock(tx: DbOrTx, orderId: string): Promise<void> {
  const touched: string[] = [];
  for (const [id, lines] of await linesByProduct(tx, orderId)) {
    const product = await lockProduct(tx, id);
    if (!product) continue;
    touched.push(id);
    await tx
      .update(products)
      .set({ soldCount: sql`${products.soldCount} + ${sumOf(lines)}` })
      .where(eq(products.id, id));
    for (const line of lines) {
      const took = await takeFromVariant(tx, id, storedPair(product, line.size, line.color), line.quantity);
      if (!took.taken) {
        throw took.left > 0
          ? conflict("ordersApi.notEnoughForOrder", { name: product.name, n: took.left })
          : conflict("ordersApi.soldOut", { name: product.name });
      }
    }
  }
  if (touched.length) await syncProductStock(tx, touched);
}
