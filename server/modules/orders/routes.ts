import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { orderInput, orderLookupInput, orderStatusInput } from "@core/validation/checkout";
import { translate } from "@core/i18n";
import { requireUser } from "../../http/access";
import { rateLimit } from "../../http/rate-limit";
import { cancelOwnOrder, setOrderStatus } from "./change-status";
import { findOrderByNumber } from "./find-order";
import { listAllOrders, listOwnOrders } from "./load-orders";
import { placeOrder } from "./place-order";

const idParams = z.object({ id: z.string() });

const staffOrdersQuery = z.object({
  search: z.string().trim().max(40).optional(),
  page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
  limit: z.coerce.number().int().min(1).max(500).catch(100).default(100),
});

const idempotencyKeyOf = (req: FastifyRequest) => {
  const h = req.headers["idempotency-key"];
  return Array.isArray(h) ? h[0] : h;
};

export async function orderRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;
  /** Where the e-mail's tracking link points: always PUBLIC_URL, never the caller's Host header. */
  const baseUrl = (_req: FastifyRequest) => deps.config.PUBLIC_URL;

  r.post("/order", { config: { access: "user" }, schema: { body: orderInput } }, async (req, reply) => {
    const user = await requireUser(req);
    const { order } = await placeOrder(deps, req.body, {
      userId: user._id,
      lang: req.lang,
      idempotencyKey: idempotencyKeyOf(req),
      baseUrl: baseUrl(req),
    });
    return reply.status(201).send({ message: translate(req.lang, "ordersApi.orderPlaced"), order });
  });

  r.post(
    "/order/guest",
    { config: { access: "public", rateLimit: rateLimit(deps.config, 10) }, schema: { body: orderInput } },
    async (req, reply) => {
      const { order } = await placeOrder(deps, req.body, {
        userId: null,
        lang: req.lang,
        idempotencyKey: idempotencyKeyOf(req),
        baseUrl: baseUrl(req),
      });
      return reply.status(201).send({ message: translate(req.lang, "ordersApi.orderPlaced"), order });
    },
  );

  r.get("/order", { config: { access: "user" } }, async (req) => ({
    orders: await listOwnOrders(deps.db, (await requireUser(req))._id),
  }));

  // The tracking lookup; registered before /order/:id/cancel's siblings so "id" is a path, not a param.
  r.post(
    "/order/id",
    { config: { access: "public", rateLimit: rateLimit(deps.config, 20) }, schema: { body: orderLookupInput } },
    async (req) => ({ order: await findOrderByNumber(deps.db, req.body.orderNumber, await req.currentUser()) }),
  );

  r.put("/order/:id/cancel", { config: { access: "user" }, schema: { params: idParams } }, async (req) => {
    const user = await requireUser(req);
    const order = await cancelOwnOrder(deps.db, user._id, req.params.id);
    return { message: translate(req.lang, "ordersApi.orderCancelled"), order };
  });

  r.get("/moderator/orders", { config: { access: "staff" }, schema: { querystring: staffOrdersQuery } }, async (req) =>
    listAllOrders(deps.db, req.query),
  );

  r.put(
    "/moderator/orders/:id/status",
    { config: { access: "staff" }, schema: { params: idParams, body: orderStatusInput } },
    async (req) => {
      const actor = await requireUser(req);
      const order = await setOrderStatus(deps, actor, req.params.id, req.body.status, baseUrl(req));
      return { message: translate(req.lang, "ordersApi.statusUpdated"), order };
    },
  );
}
