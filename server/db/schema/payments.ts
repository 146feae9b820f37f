import { index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { orders } from "./orders";

/**
 * Each card payment session opened at the provider: the provider's order id is what its signed
 * callback names, so a callback finds our order here and never by a reference it does not sign.
 */
export const paymentSessions = pgTable(
  "payment_sessions",
  {
    providerOrderId: text("provider_order_id").primaryKey(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    merchantOrderId: text("merchant_order_id").notNull(),
    /** Piastres, as sent to the provider. */
    amountCents: integer("amount_cents").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("payment_sessions_order_idx").on(t.orderId)],
);
