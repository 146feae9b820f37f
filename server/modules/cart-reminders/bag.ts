/**
 * A reminded cart's lines with their products as the catalogue has them now: a product hidden or
 * deleted since drops out (as from the cart itself), and prices come from core/pricing, never from
 * what the browser saved.
 */
import { asc, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { cartItems, products, type ReminderLine } from "../../db/schema";
import { productRowColumns, type ProductRow } from "../catalog/product-dto";

export interface BagLine extends ReminderLine {
  product: ProductRow;
}

export async function userLines(db: DbOrTx, userId: string): Promise<ReminderLine[]> {
  return db
    .select({
      productId: cartItems.productId,
      quantity: cartItems.quantity,
      size: cartItems.size,
      color: cartItems.color,
    })
    .from(cartItems)
    .where(eq(cartItems.userId, userId))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id));
}

export async function withProducts(db: DbOrTx, lines: ReminderLine[]): Promise<BagLine[]> {
  if (lines.length === 0) return [];
  const ids = [...new Set(lines.map((l) => l.productId))];
  const rows = await db.select(productRowColumns).from(products).where(inArray(products.id, ids));
  const byId = new Map(rows.filter((p) => p.status === "approved" && !p.hidden).map((p) => [p.id, p]));
  return lines.flatMap((l) => {
    const product = byId.get(l.productId);
    return product ? [{ ...l, product }] : [];
  });
}
