import { sql } from "drizzle-orm";
import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { orders } from "./orders";

/** A guest's bag as the checkout page saved it (the server re-prices it from the catalogue). */
export interface ReminderLine {
  productId: string;
  quantity: number;
  size: string;
  color: string;
}

/**
 * A cart that may be reminded about (issue 16, part 6; docs/decisions/300). One row per signed-in
 * customer (touched by every cart write) or per guest who ticked the reminder box at checkout (the
 * bag's lines copied from the browser). `reminded_at` is set when the scan claims the row; a later
 * change of the cart clears it, so each abandonment is reminded at most once.
 */
export const cartReminders = pgTable(
  "cart_reminders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Random and secret: the key of the restore link and of the guest's own later saves. */
    token: text("token").notNull(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    /** A guest's address; null for a customer (their account's address at send time). */
    email: text("email"),
    lang: text("lang", { enum: ["en", "ar"] })
      .notNull()
      .default("en"),
    /** A guest's lines; null for a customer (their server cart). */
    items: jsonb("items").$type<ReminderLine[]>(),
    touchedAt: timestamp("touched_at", { withTimezone: true }).notNull().defaultNow(),
    remindedAt: timestamp("reminded_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("cart_reminders_token_idx").on(t.token),
    uniqueIndex("cart_reminders_user_idx").on(t.userId).where(sql`${t.userId} is not null`),
    index("cart_reminders_email_idx").on(sql`lower(${t.email})`),
    index("cart_reminders_due_idx").on(t.touchedAt).where(sql`${t.remindedAt} is null`),
  ],
);

/** Each reminder sent, for staff's counts: sent, and whether an order followed (came back). */
export const cartReminderSends = pgTable(
  "cart_reminder_sends",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    /** Lower-cased. */
    email: text("email").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
    cameBackAt: timestamp("came_back_at", { withTimezone: true }),
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "set null" }),
  },
  (t) => [
    index("cart_reminder_sends_sent_idx").on(t.sentAt),
    index("cart_reminder_sends_email_idx").on(t.email),
    index("cart_reminder_sends_user_idx").on(t.userId),
  ],
);

/**
 * One row per address ever reminded or unsubscribed (lower-cased): the atomic gate of "at most one
 * reminder per address per window" and the unsubscribe list, which no reminder ever passes.
 */
export const reminderAddresses = pgTable("reminder_addresses", {
  email: text("email").primaryKey(),
  lastSentAt: timestamp("last_sent_at", { withTimezone: true }),
  unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
});
