-- Listing filters that go together (decision 343): what share of a category is discounted, or in a
-- collection, is not the product of the two shares. Without these, PostgreSQL took a category with
-- "discount" that matches nothing for a thousandth of the catalogue and walked the whole price index
-- hoping to stop early. ANALYZE (and autovacuum's) fills them; drizzle's schema cannot declare them.
CREATE STATISTICS IF NOT EXISTS "products_category_discount_stats" (mcv) ON "category", "discount" FROM "products";--> statement-breakpoint
CREATE STATISTICS IF NOT EXISTS "products_collection_discount_stats" (mcv) ON "collection", "discount" FROM "products";--> statement-breakpoint
CREATE STATISTICS IF NOT EXISTS "products_category_collection_stats" (mcv) ON "category", "collection" FROM "products";--> statement-breakpoint
ANALYZE "products";
