import { integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

export const shippingOptions = pgTable(
  "shipping_options",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    city: text("city").notNull(),
    cityAr: text("city_ar"),
    /** Fee in piastres; 0 shows as FREE. */
    shipping: integer("shipping").notNull(),
    /** Extra cost applied in bulk by staff, in piastres; added to the fee. */
    additionalCost: integer("additional_cost").notNull().default(0),
    /** Delivery estimate in business days, e.g. "1-2". */
    estTime: text("est_time").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("shipping_options_city_key").on(t.city)],
);
