import { check, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { users } from "./accounts";

/**
 * A phone number or e-mail address staff blocked from cash on delivery (issue 16), stored as its
 * normalised key (core/contact-keys.ts) so another way of writing it matches too.
 */
export const customerBlocks = pgTable(
  "customer_blocks",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind", { enum: ["phone", "email"] }).notNull(),
    value: text("value").notNull(),
    note: text("note").notNull().default(""),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("customer_blocks_kind_value_key").on(t.kind, t.value),
    check("customer_blocks_value_not_empty", sql`${t.value} <> ''`),
  ],
);
