import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { orderLookupInput } from "@core/validation/checkout";
import { translate } from "@core/i18n";
import { rateLimit } from "../../http/rate-limit";
import { createPaymentSession } from "./payment-session";
import { handleTransactionCallback } from "./paymob-callback";

/** The order number, and for a guest order the e-mail it was placed with (payment-session.ts). */
const paymentSessionInput = orderLookupInput.extend({ email: z.string().max(254).optional() });

/** The provider's callback: only `obj` is read, and only its signed fields decide (paymob-callback.ts). */
const callbackBody = z.object({ type: z.string().max(40).optional(), obj: z.record(z.string().max(100), z.unknown()) });
const callbackQuery = z.object({ hmac: z.string().max(256).optional() });

/** Registered by the orders module (server/modules/orders/routes.ts). */
export async function paymentRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    "/payments/session",
    { config: { access: "public", rateLimit: rateLimit(app.deps.config, 10) }, schema: { body: paymentSessionInput } },
    async (req) => {
      const url = await createPaymentSession(app.deps, req.body, await req.currentUser());
      return url ? { url } : { url, message: translate(req.lang, "ordersApi.paymentFailed") };
    },
  );

  r.post(
    "/payments/paymob/callback",
    {
      config: { access: "public", rateLimit: rateLimit(app.deps.config, 120) },
      bodyLimit: 64 * 1024,
      schema: { querystring: callbackQuery, body: callbackBody },
    },
    async (req) => {
      const outcome = await handleTransactionCallback(app.deps, req.body.obj, req.query.hmac);
      return { message: translate(req.lang, "ordersApi.paymentNotified"), outcome };
    },
  );
}
