import { asc, count, desc, eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { backInStockSubscriptions, products } from "../../db/schema";

export const waitingVariantDto = z.object({
  productId: z.string(),
  name: z.string(),
  nameAr: z.string().nullable(),
  code: z.string(),
  size: z.string(),
  color: z.string(),
  waiting: z.number().int(),
});

/** The staff list is for reading at a glance; the most awaited variants first. */
const MAX_ROWS = 500;

/** How many addresses wait for each sold-out size and colour (one product's, or every product's). */
export async function listWaitingCounts(db: Db, productId?: string) {
  const waiting = count().as("waiting");
  const s = backInStockSubscriptions;
  return db
    .select({
      productId: s.productId,
      name: products.name,
      nameAr: products.nameAr,
      code: products.code,
      size: s.size,
      color: s.color,
      waiting,
    })
    .from(s)
    .innerJoin(products, eq(products.id, s.productId))
    .where(productId ? eq(s.productId, productId) : undefined)
    .groupBy(s.productId, products.name, products.nameAr, products.code, s.size, s.color)
    .orderBy(desc(waiting), asc(products.name), asc(s.size), asc(s.color))
    .limit(MAX_ROWS);
}
