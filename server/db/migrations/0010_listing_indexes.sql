DROP INDEX "products_visible_created_idx";--> statement-breakpoint
DROP INDEX "products_visible_price_idx";--> statement-breakpoint
DROP INDEX "products_category_idx";--> statement-breakpoint
DROP INDEX "products_collection_idx";--> statement-breakpoint
CREATE INDEX "products_listing_newest_idx" ON "products" USING btree ("status","hidden","created_at" DESC NULLS FIRST,"id","category","collection","stock","discount","total_price");--> statement-breakpoint
CREATE INDEX "products_listing_price_idx" ON "products" USING btree ("status","hidden","total_price","created_at" DESC NULLS FIRST,"id","category","collection","stock","discount");--> statement-breakpoint
CREATE INDEX "products_listing_category_idx" ON "products" USING btree ("category","status","hidden","created_at" DESC NULLS FIRST,"id","collection","stock","discount","total_price");--> statement-breakpoint
CREATE INDEX "products_listing_collection_idx" ON "products" USING btree ("collection","status","hidden","created_at" DESC NULLS FIRST,"id","category","stock","discount","total_price");