import type { FastifyInstance } from "fastify";
import { translate } from "@core/i18n";
import { requireUser } from "../../http/access";
import { mountContract } from "../../http/operation";
import { shippingContract } from "./contract";
import {
  applyAdditionalCost,
  deleteShippingOption,
  listShippingOptions,
  saveShippingOption,
  updateShippingOption,
} from "./shipping-options";

export async function shippingRoutes(app: FastifyInstance) {
  const db = app.deps.db;

  mountContract(app, "shipping", shippingContract, {
    listShippingOptions: async () => listShippingOptions(db),
    saveShippingOption: async (req) => ({
      message: translate(req.lang, "ordersApi.shippingSaved"),
      shippingOption: await saveShippingOption(db, req.body, await requireUser(req)),
    }),
    applyAdditionalCost: async (req) => {
      const n = await applyAdditionalCost(db, req.body, await requireUser(req));
      return { message: translate(req.lang, "ordersApi.additionalApplied", { n }), count: n };
    },
    updateShippingOption: async (req) => ({
      message: translate(req.lang, "ordersApi.shippingSaved"),
      shippingOption: await updateShippingOption(db, req.params.id, req.body, await requireUser(req)),
    }),
    deleteShippingOption: async (req) => {
      await deleteShippingOption(db, req.params.id, await requireUser(req));
      return { message: translate(req.lang, "ordersApi.shippingDeleted") };
    },
  });
}
