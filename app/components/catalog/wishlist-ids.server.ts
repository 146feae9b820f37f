import type { AppLoadContext } from "react-router";
import { wishlistProductIds } from "@server/modules/catalog/wishlist";

/** The ids on the signed-in customer's wishlist, so every heart renders filled or not from the server. */
export async function wishlistIdsFor(context: AppLoadContext): Promise<string[]> {
  if (!context.user) return [];
  return wishlistProductIds(context.deps, context.user._id);
}
