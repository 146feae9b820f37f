import type { FastifyInstance, FastifyReply } from "fastify";
import { translate } from "@core/i18n";
import { requireUser } from "../../http/access";
import { keepCompressed } from "../../http/compression";
import { mountContract } from "../../http/operation";
import { catalogContract } from "./contract";
import { homeDataJson } from "./read/home-data-json";
import { homeRowsJson } from "./read/home-rows";
import { listProductsJson } from "./read/list-products";
import { productJson } from "./read/product-json";
import type { SharedText } from "../../shared-text";
import { addToWishlist, getWishlist, removeFromWishlist } from "./wishlist";

/** Memoised JSON text, its compressed copies kept with it (decision 401). */
const sendShared = (reply: FastifyReply, shared: SharedText, firstFor: "one" | "many" = "many") =>
  keepCompressed(reply, shared, firstFor).type("application/json; charset=utf-8").send(shared.text);

export async function catalogRoutes(app: FastifyInstance) {
  const { deps } = app;

  // The listing, the home data and a customer's product are sent as memoised JSON text (decisions 042, 043): serialising
  // them was most of their cost. Their shape is the contract's; home-data.ts and list-products.ts make it.
  // The same text goes to many visitors, so its compressed copy is kept too (decision 371).
  mountContract(app, "catalog", catalogContract, {
    getHomeData: async (req, reply) => sendShared(reply, await homeDataJson(deps, req.lang)),
    getHomeRows: async (req, reply) => sendShared(reply, await homeRowsJson(deps, req.lang)),
    // A listing with random filters may be asked once: compressed fast until a second visitor asks.
    listProducts: async (req, reply) =>
      sendShared(reply, await listProductsJson(deps, req.query, await req.currentUser()), "one"),
    getProduct: async (req, reply) =>
      reply
        .type("application/json; charset=utf-8")
        .send(await productJson(deps, req.params.id, await req.currentUser())),
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
}
