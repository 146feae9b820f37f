-- The product JSON's variants kept on the product row (decision 378): at a million products a listing
-- page gathered each card's pairs from product_variants, as much as the page's own read. From here on
-- syncProductStock writes this copy with the product's total stock; this fills it for products as they are.
ALTER TABLE "products" ADD COLUMN "variants" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
UPDATE "products" p SET "variants" = (
  SELECT jsonb_agg(jsonb_build_object('size', v.size, 'color', v.color, 'sku', v.sku, 'stock', v.stock)
           ORDER BY array_position(p.sizes, v.size), array_position(p.colors, v.color), v.size, v.color)
    FROM "product_variants" v WHERE v.product_id = p.id)
WHERE EXISTS (SELECT 1 FROM "product_variants" v WHERE v.product_id = p.id);
