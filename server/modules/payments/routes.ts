import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { orderLookupInput } from "@core/validation/checkout";
import { translate } from "~/i18n";
import { rateLimit } from "../../http/rate-limit";
import { createPaymentSession } from "./payment-session";

/** The order number, and for a guest order the e-mail it was placed with (payment-session.ts). */
const paymentSessionInput = orderLookupInput.extend({ email: z.string().max(254).optional() });

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
}
