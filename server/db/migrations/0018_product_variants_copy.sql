-- The product JSON's variants kept on the product row (decision 378): at a million products a listing
-- page gathered each card's pairs from product_variants, as much as the page's own read. From here on
-- syncProductStock writes this copy with the product's total stock; this fills it for products as they are.
--
-- Its journal date is after 0014's (decision 383): 0012-0014 were dated ahead (2026-11-30) when
-- their branches were merged, and drizzle applies to a database only migrations dated after the
-- newest one it has applied, so 0015-0017 never reached a database already at 0014. Their objects
-- are created here too, if missing, for those databases.
ALTER TABLE "products" ADD COLUMN "variants" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
UPDATE "products" p SET "variants" = (
  SELECT jsonb_agg(jsonb_build_object('size', v.size, 'color', v.color, 'sku', v.sku, 'stock', v.stock)
           ORDER BY array_position(p.sizes, v.size), array_position(p.colors, v.color), v.size, v.color)
    FROM "product_variants" v WHERE v.product_id = p.id)
WHERE EXISTS (SELECT 1 FROM "product_variants" v WHERE v.product_id = p.id);--> statement-breakpoint
DROP INDEX IF EXISTS "products_sold_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_best_sellers_idx" ON "products" USING btree ("status","hidden","sold_count" DESC NULLS FIRST,"created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE STATISTICS IF NOT EXISTS "products_category_discount_stats" (mcv) ON "category", "discount" FROM "products";--> statement-breakpoint
CREATE STATISTICS IF NOT EXISTS "products_collection_discount_stats" (mcv) ON "collection", "discount" FROM "products";--> statement-breakpoint
CREATE STATISTICS IF NOT EXISTS "products_category_collection_stats" (mcv) ON "category", "collection" FROM "products";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_listing_category_collection_idx" ON "products" USING btree ("category","collection","status","hidden","created_at" DESC NULLS FIRST,"id","stock","discount","total_price");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_listing_category_price_idx" ON "products" USING btree ("category","status","hidden","total_price","created_at" DESC NULLS FIRST,"id","collection","stock","discount");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_listing_collection_price_idx" ON "products" USING btree ("collection","status","hidden","total_price","created_at" DESC NULLS FIRST,"id","category","stock","discount");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_discounted_newest_idx" ON "products" USING btree ("created_at" DESC NULLS FIRST,"id","category","collection","stock","total_price") WHERE "products"."status" = 'approved' and "products"."hidden" = false and "products"."discount" > 0;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_discounted_price_idx" ON "products" USING btree ("total_price","created_at" DESC NULLS FIRST,"id","category","collection","stock") WHERE "products"."status" = 'approved' and "products"."hidden" = false and "products"."discount" > 0;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_discounted_category_idx" ON "products" USING btree ("category","created_at" DESC NULLS FIRST,"id","collection","stock","total_price") WHERE "products"."status" = 'approved' and "products"."hidden" = false and "products"."discount" > 0;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_discounted_collection_idx" ON "products" USING btree ("collection","created_at" DESC NULLS FIRST,"id","category","stock","total_price") WHERE "products"."status" = 'approved' and "products"."hidden" = false and "products"."discount" > 0;--> statement-breakpoint
ANALYZE "products";
