import { integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { orders } from "./orders";

/**
 * The live confirmation code of a cash-on-delivery order (issue 16): stored as a keyed HMAC like
 * the account codes, five tries per code, counted atomically before the compare.
 */
export const orderConfirmations = pgTable("order_confirmations", {
  orderId: uuid("order_id")
    .primaryKey()
    .references(() => orders.id, { onDelete: "cascade" }),
  codeHash: text("code_hash").notNull(),
  attempts: integer("attempts").notNull().default(0),
  /** When the current code was sent: a new one may follow 60 s later. */
  sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
});
