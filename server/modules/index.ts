import type { FastifyInstance } from "fastify";
import { accountRoutes } from "./accounts/routes";
import { catalogRoutes } from "./catalog/routes";
import { catalogStaffRoutes } from "./catalog/staff-routes";
import { promotionRoutes } from "./promotions/routes";
import { shippingRoutes } from "./shipping/routes";
import { cartRoutes } from "./cart/routes";
import { orderRoutes } from "./orders/routes";
import { paymentRoutes } from "./payments/routes";
import { contentRoutes } from "./content/routes";
import { mediaRoutes } from "./media/routes";
import { backOfficeRoutes } from "./back-office/routes";
import { auditRoutes } from "./audit/routes";
import { messageRoutes } from "./messages/routes";
import { documentRoutes } from "./documents/routes";
import { backInStockRoutes } from "./back-in-stock/routes";
import { sizeGuideRoutes } from "./size-guides/routes";
import { customerRoutes } from "./customers/routes";
import { cartReminderRoutes } from "./cart-reminders/routes";
import { returnRoutes } from "./returns/routes";

/** Every API module, mounted under /api. */
export async function registerApi(app: FastifyInstance) {
  await app.register(
    async (api) => {
      await api.register(accountRoutes);
      await api.register(catalogStaffRoutes);
      await api.register(catalogRoutes);
      await api.register(promotionRoutes);
      await api.register(shippingRoutes);
      await api.register(cartRoutes);
      await api.register(orderRoutes);
      // Beside orders, not inside them: payments read orders, so orders must not import payments.
      await api.register(paymentRoutes);
      await api.register(contentRoutes);
      await api.register(mediaRoutes);
      await api.register(backOfficeRoutes);
      await api.register(auditRoutes);
      await api.register(messageRoutes);
      await api.register(documentRoutes);
      await api.register(backInStockRoutes);
      await api.register(sizeGuideRoutes);
      await api.register(customerRoutes);
      await api.register(cartReminderRoutes);
      await api.register(returnRoutes);
    },
    { prefix: "/api" },
  );
}
