import { and, desc, eq, sql } from "drizzle-orm";
import { preparedPerDatabase } from "../../db/prepared";
import type { AppDeps } from "../../deps";
import { products, wishlistItems } from "../../db/schema";
import { productNotFound } from "./read/get-product";
import { isUuid } from "../../db/ids";
import { productRowColumns, toProductDTO, type ProductDTO } from "./product-dto";
import { customerVisible } from "./read/visibility";

/** The user's wishlist, newest first; products since deleted or unpublished drop out of it. */
export async function getWishlist(deps: Pick<AppDeps, "db">, userId: string): Promise<ProductDTO[]> {
  const rows = await deps.db
    .select({ p: productRowColumns })
    .from(wishlistItems)
    .innerJoin(products, eq(products.id, wishlistItems.productId))
    .where(and(eq(wishlistItems.userId, userId), customerVisible()))
    .orderBy(desc(wishlistItems.createdAt));
  return rows.map((r) => toProductDTO(r.p));
}

/** Only the ids of the wishlist (pages fill their hearts with them): no product rows read or mapped. */
const findWishlistIds = preparedPerDatabase((db) =>
  db
    .select({ id: products.id })
    .from(wishlistItems)
    .innerJoin(products, eq(products.id, wishlistItems.productId))
    .where(and(eq(wishlistItems.userId, sql.placeholder("userId")), customerVisible()))
    .orderBy(desc(wishlistItems.createdAt))
    .prepare("wishlist_ids"),
);

export async function wishlistProductIds(deps: Pick<AppDeps, "db">, userId: string): Promise<string[]> {
  const rows = await findWishlistIds(deps.db).execute({ userId });
  return rows.map((r) => r.id);
}

/** Adding twice keeps one entry. Only a product a customer can see can be added. */
export async function addToWishlist(deps: Pick<AppDeps, "db">, userId: string, productId: string): Promise<void> {
  if (!isUuid(productId)) throw productNotFound();
  const [visible] = await deps.db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, productId), customerVisible()))
    .limit(1);
  if (!visible) throw productNotFound();
  await deps.db.insert(wishlistItems).values({ userId, productId }).onConflictDoNothing();
}

/** Removing what is not there is not an error: the wish is already granted. */
export async function removeFromWishlist(deps: Pick<AppDeps, "db">, userId: string, productId: string): Promise<void> {
  if (!isUuid(productId)) return;
  await deps.db
    .delete(wishlistItems)
    .where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, productId)));
}
