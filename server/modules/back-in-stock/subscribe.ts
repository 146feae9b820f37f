import { and, eq } from "drizzle-orm";
import type { Lang } from "@core/constants";
import type { BackInStockInput } from "@core/validation/back-in-stock";
import type { Db } from "../../db/client";
import { backInStockSubscriptions, products, productVariants } from "../../db/schema";
import { AppError, badInput } from "../../errors";
import { customerVisible } from "../catalog/read/visibility";
import { offeredOption } from "./variant-match";

/**
 * Leaves an address to be told when a sold-out size and colour is back (issue 15, part 5).
 * A repeat for the same address and variant changes nothing and answers the same, so the reply
 * never says whether an address was already waiting (docs/decisions/240).
 */
export async function subscribeToRestock(db: Db, input: BackInStockInput, lang: Lang): Promise<void> {
  const [product] = await db
    .select({ sizes: products.sizes, colors: products.colors })
    .from(products)
    .where(and(eq(products.id, input.productId), customerVisible()));
  if (!product) throw new AppError("not_found", "catalog.productNotFound");
  const size = offeredOption(product.sizes, input.size);
  if (size === undefined) throw badInput("alerts.sizeNotOffered");
  const color = offeredOption(product.colors, input.color);
  if (color === undefined) throw badInput("alerts.colorNotOffered");
  // Stock is kept per size and colour (issue 15): the pair asked for, not the product's total.
  const [pair] = await db
    .select({ stock: productVariants.stock })
    .from(productVariants)
    .where(
      and(
        eq(productVariants.productId, input.productId),
        eq(productVariants.size, size),
        eq(productVariants.color, color),
      ),
    );
  if ((pair?.stock ?? 0) > 0) throw new AppError("conflict", "alerts.inStockNow");

  await db
    .insert(backInStockSubscriptions)
    .values({ productId: input.productId, size, color, email: input.email, lang })
    .onConflictDoNothing();
}
