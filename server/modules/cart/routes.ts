import type { FastifyInstance } from "fastify";
import { translate } from "@core/i18n";
import { requireUser } from "../../http/access";
import { mountContract } from "../../http/operation";
import { addToCart, clearCart, getCart, mergeGuestCart, removeCartLine, updateCartLine } from "./cart";
import { cartContract } from "./contract";

export async function cartRoutes(app: FastifyInstance) {
  const db = app.deps.db;
  const userId = async (req: Parameters<typeof requireUser>[0]) => (await requireUser(req))._id;

  mountContract(app, "cart", cartContract, {
    getCart: async (req) => getCart(db, await userId(req)),
    addToCart: async (req) => ({
      message: translate(req.lang, "ordersApi.addedToCart"),
      ...(await addToCart(db, await userId(req), req.body)),
    }),
    updateCartLine: async (req) => ({
      message: translate(req.lang, "ordersApi.cartUpdated"),
      ...(await updateCartLine(db, await userId(req), req.body)),
    }),
    mergeGuestCart: async (req) => ({
      message: translate(req.lang, "ordersApi.cartMerged"),
      ...(await mergeGuestCart(db, await userId(req), req.body)),
    }),
    clearCart: async (req) => {
      await clearCart(db, await userId(req));
      return { message: translate(req.lang, "ordersApi.cartCleared"), cart: [], cartTotal: 0 };
    },
    removeCartLine: async (req) => ({
      message: translate(req.lang, "ordersApi.itemRemoved"),
      ...(await removeCartLine(db, await userId(req), { productId: req.params.productId, ...req.query })),
    }),
  });
}
