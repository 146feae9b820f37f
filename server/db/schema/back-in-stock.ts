import { sql } from "drizzle-orm";
import { pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { products } from "./catalog";

/**
 * Who waits for a sold-out size and colour (issue 15, part 5). A row lives until that variant is
 * restocked: the restock claims the rows with DELETE … RETURNING and mails each address once.
 */
export const backInStockSubscriptions = pgTable(
  "back_in_stock_subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    size: text("size").notNull(),
    color: text("color").notNull(),
    email: text("email").notNull(),
    /** The language the visitor used: the e-mail is written in it. */
    lang: text("lang", { enum: ["en", "ar"] }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  // One subscription per address and variant, whatever the address's letter case.
  (t) => [uniqueIndex("back_in_stock_variant_email_idx").on(t.productId, t.size, t.color, sql`lower(${t.email})`)],
);
