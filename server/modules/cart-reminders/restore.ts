/**
 * The reminder's link back (`/cart?restore=<token>`): the saved bag with its products as the shop
 * sells them now, for the cart page to put back in the guest's browser. The token is random and
 * is the only key; an unknown one is a plain 404. A signed-in customer's bag is their server cart:
 * the link only asks them to sign in (putting it in a guest cart would add it twice at sign-in).
 */
import { eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { cartReminders } from "../../db/schema";
import { notFound } from "../../errors";
import { toProductDTO } from "../catalog/product-dto";
import { withProducts } from "./bag";

export async function restoreBag(db: DbOrTx, token: string) {
  const [row] = await db.select().from(cartReminders).where(eq(cartReminders.token, token)).limit(1);
  if (!row) throw notFound("reminders.linkInvalid");
  if (row.userId) return { signIn: true, lines: [] };
  const bag = await withProducts(db, row.items ?? []);
  return {
    signIn: false,
    lines: bag.map((l) => ({
      productId: l.productId,
      quantity: l.quantity,
      size: l.size,
      color: l.color,
      product: toProductDTO(l.product),
    })),
  };
}
