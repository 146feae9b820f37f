import type { FastifyInstance, FastifyRequest } from "fastify";
import { translate } from "@core/i18n";
import { requireUser } from "../../http/access";
import { mountContract } from "../../http/operation";
import { rateLimit } from "../../http/rate-limit";
import { sharedLimitHook } from "../../http/shared-rate-limit";
import { cancelOwnOrder, setOrderStatus } from "./change-status";
import { confirmByCode, confirmByStaff, resendConfirmationCode } from "./cod-confirmation";
import { registerOrderJobs } from "./expire-unconfirmed";
import { ordersContract } from "./contract";
import { findOrderByNumber } from "./find-order";
import { listAllOrders, listOwnOrders } from "./load-orders";
import { placeOrder } from "./place-order";

const idempotencyKeyOf = (req: FastifyRequest) => {
  const h = req.headers["idempotency-key"];
  return Array.isArray(h) ? h[0] : h;
};

export async function orderRoutes(app: FastifyInstance) {
  const deps = app.deps;
  /** Where the e-mail's tracking link points: always PUBLIC_URL, never the caller's Host header. */
  const baseUrl = deps.config.PUBLIC_URL;
  registerOrderJobs(deps);

  mountContract(app, "orders", ordersContract, {
    placeOrder: async (req) => {
      const user = await requireUser(req);
      const { order } = await placeOrder(deps, req.body, {
        userId: user._id,
        lang: req.lang,
        idempotencyKey: idempotencyKeyOf(req),
        baseUrl,
      });
      return { message: translate(req.lang, "ordersApi.orderPlaced"), order };
    },
    placeGuestOrder: [
      async (req) => {
        const { order } = await placeOrder(deps, req.body, {
          userId: null,
          lang: req.lang,
          idempotencyKey: idempotencyKeyOf(req),
          baseUrl,
        });
        return { message: translate(req.lang, "ordersApi.orderPlaced"), order };
      },
      { config: { rateLimit: rateLimit(deps.config, 10) } },
    ],
    listOwnOrders: async (req) => ({ orders: await listOwnOrders(deps.db, (await requireUser(req))._id) }),
    trackOrder: [
      async (req) => ({ order: await findOrderByNumber(deps.db, req.body.orderNumber, await req.currentUser()) }),
      // The /orders page's tracking form without scripts (?on=) counts against this same limit.
      { onRequest: sharedLimitHook(app, "trackOrder") },
    ],
    cancelOwnOrder: async (req) => {
      const user = await requireUser(req);
      const order = await cancelOwnOrder(deps.db, user._id, req.params.id);
      return { message: translate(req.lang, "ordersApi.orderCancelled"), order };
    },
    listAllOrders: async (req) => listAllOrders(deps.db, req.query, deps.config),
    confirmOrder: [
      async (req) => {
        await confirmByCode(deps.db, req.body.orderNumber, req.body.code);
        return { message: translate(req.lang, "cod.confirmed") };
      },
      { config: { rateLimit: rateLimit(deps.config, 20) } },
    ],
    resendConfirmationCode: [
      async (req) => {
        await resendConfirmationCode(deps, req.body.orderNumber);
        return { message: translate(req.lang, "cod.codeResent") };
      },
      { config: { rateLimit: rateLimit(deps.config, 5) } },
    ],
    staffConfirmOrder: async (req) => {
      const order = await confirmByStaff(deps.db, await requireUser(req), req.params.id);
      return { message: translate(req.lang, "cod.staffConfirmed"), order };
    },
    setOrderStatus: async (req) => {
      const actor = await requireUser(req);
      const order = await setOrderStatus(deps, actor, req.params.id, req.body.status, baseUrl, {
        reason: req.body.reason,
      });
      return { message: translate(req.lang, "ordersApi.statusUpdated"), order };
    },
  });
}
