import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { productCreateInput, productUpdateInput } from "@core/validation/product";
import { translate } from "@core/i18n";
import { requireUser } from "../../http/access";
import { mountContract } from "../../http/operation";
import { catalogContract } from "./contract";
import { getProduct } from "./get-product";
import { homeDataJson } from "./home-data-json";
import { shopQuerySchema } from "@core/shop-query";
import { listProductsJson } from "./list-products";
import { approveAllPending, approveProduct, listPendingProducts } from "./pending-products";
import { createProduct, setProductHidden, updateProduct } from "./save-product";
import { addToWishlist, getWishlist, removeFromWishlist } from "./wishlist";

const idParams = z.object({ id: z.string().max(100) });

export async function catalogRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;

  // The listing and the home data are sent as memoised JSON text (decisions 042, 043): serialising
  // them was most of their cost. Their shape is the contract's; home-data.ts and list-products.ts make it.
  mountContract(app, "catalog", catalogContract, {
    getHomeData: async (req, reply) =>
      reply.type("application/json; charset=utf-8").send(await homeDataJson(deps, req.lang)),
    listProducts: async (req, reply) =>
      reply
        .type("application/json; charset=utf-8")
        .send(await listProductsJson(deps, req.query, await req.currentUser())),
    getProduct: async (req) => getProduct(deps, req.params.id, await req.currentUser()),
    getWishlist: async (req) => getWishlist(deps, (await requireUser(req))._id),
    addToWishlist: async (req) => {
      await addToWishlist(deps, (await requireUser(req))._id, req.body.productId);
      return { message: translate(req.lang, "catalogAdmin.wishlistAdded") };
    },
    removeFromWishlist: async (req) => {
      await removeFromWishlist(deps, (await requireUser(req))._id, req.params.productId);
      return { message: translate(req.lang, "catalogAdmin.wishlistRemoved") };
    },
  });

  // The staff operations (moving to staff-contract.ts and staff-routes.ts).

  // Registered before /products/:id so "pending" is never read as an id.
  r.get("/products/pending", { config: { access: "admin" }, schema: { querystring: shopQuerySchema } }, async (req) => {
    const page = await listPendingProducts(deps, req.query);
    return { ...page, totalPages: page.metadata.totalPages };
  });

  r.put("/products/pending", { config: { access: "admin" } }, async (req) => {
    const n = await approveAllPending(deps, await requireUser(req));
    return { message: translate(req.lang, "catalogAdmin.productsApproved", { n }), count: n };
  });

  r.put("/products/pending/:id", { config: { access: "admin" }, schema: { params: idParams } }, async (req) => {
    await approveProduct(deps, req.params.id, await requireUser(req));
    return { message: translate(req.lang, "catalogAdmin.productApproved") };
  });

  r.post("/products", { config: { access: "staff" }, schema: { body: productCreateInput } }, async (req, reply) => {
    const product = await createProduct(deps, req.body, await requireUser(req));
    const key = product.status === "pending" ? "catalogAdmin.productCreatedPending" : "catalogAdmin.productCreated";
    return reply.status(201).send({ message: translate(req.lang, key), product });
  });

  r.put(
    "/products/:id",
    { config: { access: "staff" }, schema: { params: idParams, body: productUpdateInput } },
    async (req) => {
      const product = await updateProduct(deps, req.params.id, req.body, await requireUser(req));
      return { message: translate(req.lang, "catalogAdmin.productUpdated"), product };
    },
  );

  // Moderators delete from the product page (SPEC §2); restoring is an admin screen (SPEC §6).
  r.delete("/products/:id", { config: { access: "staff" }, schema: { params: idParams } }, async (req) => {
    await setProductHidden(deps, req.params.id, true, await requireUser(req));
    return { message: translate(req.lang, "catalogAdmin.productDeleted") };
  });

  r.put("/products/:id/restore", { config: { access: "admin" }, schema: { params: idParams } }, async (req) => {
    await setProductHidden(deps, req.params.id, false, await requireUser(req));
    return { message: translate(req.lang, "catalogAdmin.productRestored") };
  });
}
