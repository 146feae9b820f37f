import type { FastifyInstance } from "fastify";
import { discountRoutes } from "./discounts-routes";

/**
 * The promotions module's API. Discounts live in discounts-routes.ts; promo codes register their
 * routes from their own file with one line here.
 */
export async function promotionRoutes(app: FastifyInstance) {
  await app.register(discountRoutes);
}
