import type { FastifyInstance } from "fastify";
import { translate } from "@core/i18n";
import { mountContract } from "../../http/operation";
import { rateLimit } from "../../http/rate-limit";
import { paymentsContract } from "./contract";
import { createPaymentSession } from "./payment-session";
import { handleTransactionCallback } from "./paymob-callback";

/** Registered by the orders module (server/modules/orders/routes.ts). */
export async function paymentRoutes(app: FastifyInstance) {
  mountContract(app, "payments", paymentsContract, {
    createPaymentSession: [
      async (req) => {
        const url = await createPaymentSession(app.deps, req.body, await req.currentUser());
        return url ? { url } : { url, message: translate(req.lang, "ordersApi.paymentFailed") };
      },
      { config: { rateLimit: rateLimit(app.deps.config, 10) } },
    ],
    paymobCallback: [
      async (req) => {
        const outcome = await handleTransactionCallback(app.deps, req.body.obj, req.query.hmac);
        return { message: translate(req.lang, "ordersApi.paymentNotified"), outcome };
      },
      { config: { rateLimit: rateLimit(app.deps.config, 120) }, bodyLimit: 64 * 1024 },
    ],
  });
}
