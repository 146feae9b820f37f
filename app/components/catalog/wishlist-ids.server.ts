import type { AppLoadContext } from "react-router";
import { getWishlist } from "@server/modules/catalog/wishlist";

/** The ids on the signed-in customer's wishlist, so every heart renders filled or not from the server. */
export async function wishlistIdsFor(context: AppLoadContext): Promise<string[]> {
  if (!context.user) return [];
  const products = await getWishlist(context.deps, context.user._id);
  return products.map((p) => p._id);
}
