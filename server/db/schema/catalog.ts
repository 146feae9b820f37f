import { sql } from "drizzle-orm";
import type { Variant } from "@core/variants";
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./accounts";

export const categories = pgTable("categories", {
  name: text("name").primaryKey(),
  sortOrder: integer("sort_order").notNull().default(0),
});

export const collections = pgTable("collections", {
  name: text("name").primaryKey(),
  active: boolean("active").notNull().default(true),
  sortOrder: integer("sort_order").notNull().default(0),
});

/**
 * The partial indexes' predicate: the discounted products a customer may see. The listing writes
 * the same conditions as literals (catalog/read/visibility.ts) so its generic plans can prove it.
 */
const discountedVisible = (t: { status: AnyPgColumn; hidden: AnyPgColumn; discount: AnyPgColumn }) =>
  sql`${t.status} = 'approved' and ${t.hidden} = false and ${t.discount} > 0`;

export const products = pgTable(
  "products",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    nameAr: text("name_ar"),
    code: text("code").notNull(),
    description: text("description").notNull(),
    descriptionAr: text("description_ar"),
    category: text("category")
      .notNull()
      .references(() => categories.name),
    collection: text("collection").references(() => collections.name),
    /** Unit price in piastres, before any discount. */
    price: integer("price").notNull(),
    /**
     * The sum of the product's variants' stock (product_variants), kept in the same transaction as
     * every variant write: the listing filters and sorts on it without a join (decision 230).
     */
    stock: integer("stock").notNull().default(0),
    /**
     * A copy of the product's rows in product_variants, in its size then colour order, written with
     * `stock` by the same statement (syncProductStock): the product JSON reads it with the row
     * instead of gathering the pairs on every read (decision 378). product_variants stays where
     * stock is taken and given back.
     */
    variants: jsonb("variants").$type<Variant[]>().notNull().default(sql`'[]'::jsonb`),
    images: text("images").array().notNull().default(sql`'{}'::text[]`),
    sizes: text("sizes").array().notNull().default(sql`'{}'::text[]`),
    colors: text("colors").array().notNull().default(sql`'{"#000000"}'::text[]`),
    specifications: text("specifications").array().notNull().default(sql`'{}'::text[]`),
    specificationsAr: text("specifications_ar").array().notNull().default(sql`'{}'::text[]`),
    bulkDiscountminQuantity: integer("bulk_min_quantity"),
    /** Price of one full set, in piastres, before the discount percent. */
    bulkDiscount: integer("bulk_price"),
    status: text("status", { enum: ["pending", "approved"] })
      .notNull()
      .default("pending"),
    hidden: boolean("hidden").notNull().default(false),
    /**
     * Denormalised from the discounts table so the listing can filter and sort by the price a
     * customer pays without a join per row; refreshed whenever a discount or the product changes.
     */
    discount: integer("discount").notNull().default(0),
    totalPrice: integer("total_price").notNull().default(0),
    freeShipping: boolean("free_shipping").notNull().default(false),
    /** Folded text of both languages' names, code, category and collection (see catalog/search-text). */
    searchText: text("search_text").notNull().default(""),
    soldCount: integer("sold_count").notNull().default(0),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("products_code_idx").on(t.code),
    // The listing's indexes (decision 283): each starts with what a listing always filters on, then
    // its order (created_at desc, id: the listing's tie-break), then every other filter column, so
    // the listing's page of ids and its count are read from the index alone (listing-statements.ts).
    index("products_listing_newest_idx").on(
      t.status,
      t.hidden,
      t.createdAt.desc().nullsFirst(),
      t.id,
      t.category,
      t.collection,
      t.stock,
      t.discount,
      t.totalPrice,
    ),
    index("products_listing_price_idx").on(
      t.status,
      t.hidden,
      t.totalPrice,
      t.createdAt.desc().nullsFirst(),
      t.id,
      t.category,
      t.collection,
      t.stock,
      t.discount,
    ),
    index("products_listing_category_idx").on(
      t.category,
      t.status,
      t.hidden,
      t.createdAt.desc().nullsFirst(),
      t.id,
      t.collection,
      t.stock,
      t.discount,
      t.totalPrice,
    ),
    index("products_listing_collection_idx").on(
      t.collection,
      t.status,
      t.hidden,
      t.createdAt.desc().nullsFirst(),
      t.id,
      t.category,
      t.stock,
      t.discount,
      t.totalPrice,
    ),
    // A category and a collection together, and each with a price order: their single-column
    // indexes above walked the whole category or collection for them, filtering the other (at a
    // million products, a tenth of the catalogue for one page; decision 361).
    index("products_listing_category_collection_idx").on(
      t.category,
      t.collection,
      t.status,
      t.hidden,
      t.createdAt.desc().nullsFirst(),
      t.id,
      t.stock,
      t.discount,
      t.totalPrice,
    ),
    index("products_listing_category_price_idx").on(
      t.category,
      t.status,
      t.hidden,
      t.totalPrice,
      t.createdAt.desc().nullsFirst(),
      t.id,
      t.collection,
      t.stock,
      t.discount,
    ),
    index("products_listing_collection_price_idx").on(
      t.collection,
      t.status,
      t.hidden,
      t.totalPrice,
      t.createdAt.desc().nullsFirst(),
      t.id,
      t.category,
      t.stock,
      t.discount,
    ),
    // The discounted products a customer may see, in each order and by category or collection: a
    // sixth of the bench's catalogue, so a "discount" listing reads its own small index instead of
    // filtering a whole one (a category with no discount read 100,000 entries to find none). The
    // listing writes these conditions as literals (visibility.ts), or its generic plan could not
    // prove them (decision 361).
    index("products_discounted_newest_idx")
      .on(t.createdAt.desc().nullsFirst(), t.id, t.category, t.collection, t.stock, t.totalPrice)
      .where(discountedVisible(t)),
    index("products_discounted_price_idx")
      .on(t.totalPrice, t.createdAt.desc().nullsFirst(), t.id, t.category, t.collection, t.stock)
      .where(discountedVisible(t)),
    index("products_discounted_category_idx")
      .on(t.category, t.createdAt.desc().nullsFirst(), t.id, t.collection, t.stock, t.totalPrice)
      .where(discountedVisible(t)),
    index("products_discounted_collection_idx")
      .on(t.collection, t.createdAt.desc().nullsFirst(), t.id, t.category, t.stock, t.totalPrice)
      .where(discountedVisible(t)),
    // The home page's best sellers (sold_count desc, then newest) among visible products. An index
    // on sold_count alone left the planner a sort of every product with the same count: at a
    // million products, most of them at 0 (decision 340).
    index("products_best_sellers_idx").on(
      t.status,
      t.hidden,
      t.soldCount.desc().nullsFirst(),
      t.createdAt.desc().nullsFirst(),
    ),
    // Extended statistics on the filters that go together (category, collection, discount) are in
    // migration 0016: drizzle cannot declare them (decision 343).
    index("products_search_trgm_idx").using("gin", sql`${t.searchText} gin_trgm_ops`),
  ],
);

/**
 * One size and colour pair a product offers, with its own stock and SKU (issue 15). Every pair of
 * the product's sizes by its colours has a row; a product without sizes (or colours) uses "" there.
 * Writers lock the product row first, then its variants, so orders and saves never deadlock.
 */
export const productVariants = pgTable(
  "product_variants",
  {
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    size: text("size").notNull(),
    color: text("color").notNull(),
    sku: text("sku").notNull(),
    stock: integer("stock").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.size, t.color] }),
    index("product_variants_sku_idx").on(t.sku),
    // The dashboard's low-stock list reads the few pairs at or under the threshold.
    index("product_variants_stock_idx").on(t.stock),
    // The last guard against overselling: a conditional decrement is the first.
    check("product_variants_stock_not_negative", sql`${t.stock} >= 0`),
  ],
);

export const wishlistItems = pgTable(
  "wishlist_items",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.productId] })],
);
