import type { FastifyInstance } from "fastify";
import { translate } from "@core/i18n";
import { AppError } from "../../errors";
import { requireUser } from "../../http/access";
import { mountContract } from "../../http/operation";
import { rateLimit } from "../../http/rate-limit";
import { promotionsContract } from "./contract";
import { DISCOUNT_KINDS, refuseMissingTarget } from "./discount-target";
import { findDiscount, listDiscounts, removeDiscount, saveDiscount } from "./discounts";
import { checkPromoCode, createPromoCode, deletePromoCode, listPromoCodes } from "./promo-codes";

/** The promotions module's API: discounts and promo codes, declared in contract.ts. */
export async function promotionRoutes(app: FastifyInstance) {
  const { deps } = app;
  const t = translate;

  mountContract(app, "promotions", promotionsContract, {
    saveDiscount: [
      async (req) => ({
        message: t(req.lang, "catalogAdmin.discountSaved"),
        discount: await saveDiscount(deps, req.body, await requireUser(req)),
      }),
      { preValidation: refuseMissingTarget },
    ],
    listDiscounts: async () => ({ discounts: await listDiscounts(deps) }),
    findDiscount: async (req) => {
      const found = await findDiscount(deps, DISCOUNT_KINDS[req.params.kind](req.params.value));
      if (!found) throw new AppError("not_found", "catalogAdmin.discountNotFound");
      return found;
    },
    removeDiscount: async (req) => {
      await removeDiscount(deps, DISCOUNT_KINDS[req.params.kind](req.params.value), await requireUser(req));
      return { message: t(req.lang, "catalogAdmin.discountRemoved") };
    },

    listPromoCodes: async () => ({ promoCodes: await listPromoCodes(deps.db) }),
    // Public, so guessing codes is slowed down.
    checkPromoCode: [
      async (req) => {
        const { discountValue, code } = await checkPromoCode(deps.db, req.params.code);
        return { discountValue, code, message: t(req.lang, "ordersApi.promoApplied", { n: discountValue }) };
      },
      { config: { rateLimit: rateLimit(deps.config, 30) } },
    ],
    createPromoCode: async (req) => ({
      message: t(req.lang, "ordersApi.promoCreated"),
      promoCode: await createPromoCode(deps.db, req.body, await requireUser(req)),
    }),
    deletePromoCode: async (req) => {
      await deletePromoCode(deps.db, req.params.id, await requireUser(req));
      return { message: t(req.lang, "ordersApi.promoDeleted") };
    },
  });
}
