-- Issue 15, decision 230: every product gets one variant per pair of its sizes by its colours, and
-- its stock is spread over them evenly, the remainder one unit each to the first pairs (sizes in
-- the product's order, colours within each size). The sum of the variants is exactly the old stock:
-- no unit is lost. A product without sizes (or colours) gets "" in that place. Negative stock (never
-- written by the shop) counts as 0. SKU: code-size-colour, uppercased, spaces and the '#' dropped.
WITH pairs AS (
  SELECT DISTINCT ON (p.id, s.size, c.color)
         p.id AS product_id, p.code, greatest(p.stock, 0) AS total, s.size, c.color, s.si, c.ci
    FROM products p
   CROSS JOIN LATERAL unnest(CASE WHEN cardinality(p.sizes) = 0 THEN ARRAY['']::text[] ELSE p.sizes END)
         WITH ORDINALITY AS s(size, si)
   CROSS JOIN LATERAL unnest(CASE WHEN cardinality(p.colors) = 0 THEN ARRAY['']::text[] ELSE p.colors END)
         WITH ORDINALITY AS c(color, ci)
   ORDER BY p.id, s.size, c.color, s.si, c.ci
), numbered AS (
  SELECT pairs.*,
         row_number() OVER (PARTITION BY product_id ORDER BY si, ci) - 1 AS idx,
         count(*) OVER (PARTITION BY product_id) AS n
    FROM pairs
)
INSERT INTO "product_variants" ("product_id", "size", "color", "sku", "stock")
SELECT product_id, size, color,
       upper(code || '-' || regexp_replace(size, '\s+', '', 'g') || '-' || regexp_replace(color, '^#', '')),
       (total / n + CASE WHEN idx < total % n THEN 1 ELSE 0 END)::int
  FROM numbered
    ON CONFLICT DO NOTHING;
--> statement-breakpoint
UPDATE "products" p
   SET "stock" = coalesce((SELECT sum(v."stock") FROM "product_variants" v WHERE v."product_id" = p."id"), 0)::int;
