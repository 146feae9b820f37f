import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { addToCartInput, mergeCartInput, removeCartLineQuery, updateCartInput } from "@core/validation/cart";
import { translate } from "@core/i18n";
import { requireUser } from "../../http/access";
import { addToCart, clearCart, getCart, mergeGuestCart, removeCartLine, updateCartLine } from "./cart";

export async function cartRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.deps.db;

  r.get("/cart", { config: { access: "user" } }, async (req) => getCart(db, (await requireUser(req))._id));

  r.post("/cart", { config: { access: "user" }, schema: { body: addToCartInput } }, async (req) => {
    const cart = await addToCart(db, (await requireUser(req))._id, req.body);
    return { message: translate(req.lang, "ordersApi.addedToCart"), ...cart };
  });

  r.put("/cart", { config: { access: "user" }, schema: { body: updateCartInput } }, async (req) => {
    const cart = await updateCartLine(db, (await requireUser(req))._id, req.body);
    return { message: translate(req.lang, "ordersApi.cartUpdated"), ...cart };
  });

  r.post("/cart/merge", { config: { access: "user" }, schema: { body: mergeCartInput } }, async (req) => {
    const cart = await mergeGuestCart(db, (await requireUser(req))._id, req.body);
    return { message: translate(req.lang, "ordersApi.cartMerged"), ...cart };
  });

  // Static before parametric: "clear" is never read as a product id.
  r.delete("/cart/clear", { config: { access: "user" } }, async (req) => {
    const user = await requireUser(req);
    await clearCart(db, user._id);
    return { message: translate(req.lang, "ordersApi.cartCleared"), cart: [], cartTotal: 0 };
  });

  r.delete(
    "/cart/:productId",
    {
      config: { access: "user" },
      schema: { params: z.object({ productId: z.string() }), querystring: removeCartLineQuery },
    },
    async (req) => {
      const cart = await removeCartLine(db, (await requireUser(req))._id, {
        productId: req.params.productId,
        ...req.query,
      });
      return { message: translate(req.lang, "ordersApi.itemRemoved"), ...cart };
    },
  );
}
