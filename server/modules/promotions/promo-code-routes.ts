import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { promoCodeInput } from "@core/validation/promo-code";
import { translate } from "@core/i18n";
import { rateLimit } from "../../http/rate-limit";
import { requireUser } from "../../http/access";
import { checkPromoCode, createPromoCode, deletePromoCode, listPromoCodes } from "./promo-codes";

export async function promoCodeRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get("/promocodes", { config: { access: "staff" } }, async () => ({
    promoCodes: await listPromoCodes(app.deps.db),
  }));

  // Public, so guessing codes is slowed down.
  r.get(
    "/promocodes/:code",
    {
      config: { access: "public", rateLimit: rateLimit(app.deps.config, 30) },
      schema: { params: z.object({ code: z.string().max(64) }) },
    },
    async (req) => {
      const { discountValue, code } = await checkPromoCode(app.deps.db, req.params.code);
      return { discountValue, code, message: translate(req.lang, "ordersApi.promoApplied", { n: discountValue }) };
    },
  );

  r.post("/promocodes", { config: { access: "staff" }, schema: { body: promoCodeInput } }, async (req, reply) => {
    const promoCode = await createPromoCode(app.deps.db, req.body, await requireUser(req));
    return reply.status(201).send({ message: translate(req.lang, "ordersApi.promoCreated"), promoCode });
  });

  r.delete(
    "/promocodes/:id",
    { config: { access: "staff" }, schema: { params: z.object({ id: z.string().max(100) }) } },
    async (req) => {
      await deletePromoCode(app.deps.db, req.params.id, await requireUser(req));
      return { message: translate(req.lang, "ordersApi.promoDeleted") };
    },
  );
}
