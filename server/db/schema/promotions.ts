import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { categories, collections, products } from "./catalog";

/** A percent off one product, one category or one collection; exactly one target. */
export const discounts = pgTable(
  "discounts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    discount: integer("discount").notNull(),
    hasShipping: boolean("has_shipping").notNull().default(false),
    active: boolean("active").notNull().default(true),
    productId: uuid("product_id").references(() => products.id, { onDelete: "cascade" }),
    category: text("category").references(() => categories.name),
    collectionName: text("collection_name").references(() => collections.name),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("discounts_one_target", sql`num_nonnulls(${t.productId}, ${t.category}, ${t.collectionName}) = 1`),
    check("discounts_percent_range", sql`${t.discount} between 0 and 100`),
    uniqueIndex("discounts_product_key").on(t.productId),
    uniqueIndex("discounts_category_key").on(t.category),
    uniqueIndex("discounts_collection_key").on(t.collectionName),
  ],
);

export const promoCodes = pgTable(
  "promo_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    code: text("code").notNull(),
    discountValue: integer("discount_value").notNull(),
    usageLimit: integer("usage_limit").notNull(),
    uses: integer("uses").notNull().default(0),
    expDate: timestamp("exp_date", { withTimezone: true }).notNull(),
    active: boolean("active").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("promo_codes_code_key").on(t.code),
    check("promo_codes_uses_within_limit", sql`${t.uses} <= ${t.usageLimit}`),
  ],
);

export const promoBanners = pgTable(
  "promo_banners",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    titleAr: text("title_ar"),
    description: text("description").notNull(),
    descriptionAr: text("description_ar"),
    link: text("link").notNull(),
    buttonText: text("button_text").notNull().default("Shop Now"),
    buttonTextAr: text("button_text_ar"),
    image: text("image").notNull(),
    hidden: boolean("hidden").notNull().default(false),
    active: boolean("active").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("promo_banners_visible_idx").on(t.hidden, t.active)],
);

export const headlines = pgTable(
  "headlines",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    titleAr: text("title_ar"),
    promotion: text("promotion").notNull(),
    promotionAr: text("promotion_ar"),
    hidden: boolean("hidden").notNull().default(false),
    active: boolean("active").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("headlines_visible_idx").on(t.hidden, t.active)],
);
