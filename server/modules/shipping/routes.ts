import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { additionalCostInput, shippingOptionInput } from "@core/validation/shipping";
import { translate } from "@core/i18n";
import { requireUser } from "../../http/access";
import {
  applyAdditionalCost,
  deleteShippingOption,
  listShippingOptions,
  saveShippingOption,
  updateShippingOption,
} from "./shipping-options";

const idParams = z.object({ id: z.string() });

export async function shippingRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get("/shipping", { config: { access: "public" } }, async () => listShippingOptions(app.deps.db));

  r.post("/shipping", { config: { access: "staff" }, schema: { body: shippingOptionInput } }, async (req, reply) => {
    const shippingOption = await saveShippingOption(app.deps.db, req.body, await requireUser(req));
    return reply.status(201).send({ message: translate(req.lang, "ordersApi.shippingSaved"), shippingOption });
  });

  // Registered before /shipping/:id so "additional" is never taken for an id.
  r.put("/shipping/additional", { config: { access: "staff" }, schema: { body: additionalCostInput } }, async (req) => {
    const n = await applyAdditionalCost(app.deps.db, req.body, await requireUser(req));
    return { message: translate(req.lang, "ordersApi.additionalApplied", { n }), count: n };
  });

  r.put(
    "/shipping/:id",
    { config: { access: "staff" }, schema: { params: idParams, body: shippingOptionInput } },
    async (req) => {
      const shippingOption = await updateShippingOption(app.deps.db, req.params.id, req.body, await requireUser(req));
      return { message: translate(req.lang, "ordersApi.shippingSaved"), shippingOption };
    },
  );

  r.delete("/shipping/:id", { config: { access: "staff" }, schema: { params: idParams } }, async (req) => {
    await deleteShippingOption(app.deps.db, req.params.id, await requireUser(req));
    return { message: translate(req.lang, "ordersApi.shippingDeleted") };
  });
}
