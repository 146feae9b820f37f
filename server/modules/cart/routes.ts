import type { FastifyInstance } from "fastify";
import { translate } from "@core/i18n";
import { requireUser } from "../../http/access";
import { mountContract } from "../../http/operation";
import { addToCart, clearCart, getCart, mergeGuestCart, removeCartLine, updateCartLine } from "./cart";
import { cartContract } from "./contract";
import { touchUserCart } from "../cart-reminders/saved-carts";

export async function cartRoutes(app: FastifyInstance) {
  const db = app.deps.db;
  const userId = async (req: Parameters<typeof requireUser>[0]) => (await requireUser(req))._id;
  /** A cart write re-arms the abandoned-cart reminder (issue 16, docs/decisions/300). */
  const touched = async <T>(id: string, write: (id: string) => Promise<T>): Promise<T> => {
    const result = await write(id);
    await touchUserCart(app.deps, id);
    return result;
  };

  mountContract(app, "cart", cartContract, {
    getCart: async (req) => getCart(db, await userId(req)),
    addToCart: async (req) => ({
      message: translate(req.lang, "ordersApi.addedToCart"),
      ...(await touched(await userId(req), (id) => addToCart(db, id, req.body))),
    }),
    updateCartLine: async (req) => ({
      message: translate(req.lang, "ordersApi.cartUpdated"),
      ...(await touched(await userId(req), (id) => updateCartLine(db, id, req.body))),
    }),
    mergeGuestCart: async (req) => ({
      message: translate(req.lang, "ordersApi.cartMerged"),
      ...(await touched(await userId(req), (id) => mergeGuestCart(db, id, req.body))),
    }),
    clearCart: async (req) => {
      await touched(await userId(req), (id) => clearCart(db, id));
      return { message: translate(req.lang, "ordersApi.cartCleared"), cart: [], cartTotal: 0 };
    },
    removeCartLine: async (req) => ({
      message: translate(req.lang, "ordersApi.itemRemoved"),
      ...(await touched(await userId(req), (id) =>
        removeCartLine(db, id, { productId: req.params.productId, ...req.query }),
      )),
    }),
  });
}
