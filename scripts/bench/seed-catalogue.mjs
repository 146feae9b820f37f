// The bench's catalogue (`npm run bench`, scripts/bench.mjs), in a file of its own so a test can
// check it is stocked like the shop's (tests/api/bench-catalogue.test.ts).

/**
 * The catalogue in one statement, however large: ten categories, twelve collections, varied prices
 * and stock, each product's stock kept per size and colour (six pairs). `db` is a pg client or
 * PGlite (both answer `query(sql, params)`). Its search text is
 * folded as core/search-fold.ts folds the shop's (for the letters its names use: ة → ه, the alef and
 * yaa forms), or a search for "بلوزة" would find nothing and pay for a typo try on every request.
 * Returns how long it took and `sampleIds` ids drawn uniformly from the whole catalogue.
 */
export async function seedProducts(db, { products, sampleIds }) {
  const started = Date.now();
  // Loading a million rows into a table with its indexes in place updates every index row by row
  // (the trigram index most of all): the indexes are dropped, the rows loaded, and the indexes
  // built again from their own definitions, as a restore does. Constraints' indexes stay.
  const { rows: indexes } = await db.query(
    `select indexname, indexdef from pg_indexes
      where schemaname = current_schema() and tablename in ('products', 'product_variants')
        and indexname not in (select conname from pg_constraint
                               where conrelid in ('products'::regclass, 'product_variants'::regclass))`,
  );
  for (const { indexname } of indexes) await db.query(`drop index "${indexname}"`);
  // Stock per size and colour, as every product of the shop has (a save without variants spreads
  // its stock over its pairs, server/modules/catalog/variants.ts): six pairs each, the remainder one
  // unit each to the first pairs, the default SKU. Without them every product JSON, listing and
  // product page was read and drawn without its variants, cheaper than a real shop's. The pairs are
  // written once, as the product row's copy (products.variants, decision 378), and product_variants
  // is filled from that copy.
  await db.query(
    `
    insert into products (name, name_ar, code, description, description_ar, category, collection, price, stock,
                          variants, images, sizes, colors, specifications, status, total_price, search_text,
                          sold_count, created_at)
    select n.name, n.name_ar, n.code, 'A bench product: ' || n.name, 'منتج للاختبار: ' || n.name_ar, n.category, n.collection,
           n.price, n.stock, pairs.variants, array['/uploads/bench-a-800.webp', '/uploads/bench-b-800.webp'], n.sizes,
           n.colors, array['100% cotton','Made in Egypt'], 'approved', n.price,
           translate(lower(n.name || ' ' || n.name_ar || ' ' || n.code || ' ' || n.category || ' ' || coalesce(n.collection, '')),
                     'أإآٱىة', 'اااايه'),
           ((i::bigint * 7919) % 500)::int, now() - (i || ' minutes')::interval
      from generate_series(1, $1::int) as i,
      lateral (select
        (array['Linen','Satin','Pleated','Floral','Knitted','Classic','Oversized','Embroidered'])[1 + i % 8] || ' ' ||
          (array['Blouse','Cardigan','Chemise','Dress','Hoodie','Jacket','Pants','Sweatshirt','Skirt','Top'])[1 + i % 10] || ' ' || i as name,
        (array['بلوزة','كارديجان','شميز','فستان','هودي','جاكيت','بنطلون','سويت شيرت','جيبة','توب'])[1 + i % 10] || ' ' || i as name_ar,
        'BN-' || lpad(i::text, 7, '0') as code,
        (array['blouses','cardigans','chemises','dresses','hoodies','jackets','pants','sweatshirts','skirts','tops'])[1 + i % 10] as category,
        case when i % 3 = 0 then null
             else (array['winter','summer','spring','autumn','ramadan','eid','casual','formal','party','wedding','work','gym'])[1 + i % 12] end as collection,
        (20000 + (i::bigint * 104729) % 480000)::int as price,
        case when i % 17 = 0 then 0 else (i * 31) % 60 end as stock,
        array['S','M','L'] as sizes,
        array['#1f1f1f','#d8c3a5'] as colors
      ) as n,
      lateral (select jsonb_agg(jsonb_build_object(
                 'size', s.size, 'color', c.color, 'sku', upper(n.code || '-' || s.size || '-' || ltrim(c.color, '#')),
                 'stock', n.stock / k.pairs + case when (s.i - 1) * k.colors + (c.i - 1) < n.stock % k.pairs then 1 else 0 end)
                 order by s.i, c.i) as variants
         from (select cardinality(n.sizes) * cardinality(n.colors) as pairs, cardinality(n.colors) as colors) k
        cross join unnest(n.sizes) with ordinality as s(size, i)
        cross join unnest(n.colors) with ordinality as c(color, i)) as pairs`,
    [products],
  );
  await db.query(`
    insert into product_variants (product_id, size, color, sku, stock)
    select p.id, v->>'size', v->>'color', v->>'sku', (v->>'stock')::int
      from products p cross join lateral jsonb_array_elements(p.variants) as v`);
  for (const { indexdef } of indexes) await db.query(indexdef);
  await db.query(`insert into promo_banners (title, description, link, image, active) values
    ('Bench slide 1', 'First', '/shop', '/uploads/bench-banner-800.webp', true),
    ('Bench slide 2', 'Second', '/shop?discount=true', '/uploads/bench-banner-800.webp', true)`);
  await db.query("vacuum analyze");
  // Ids uniformly drawn from the whole catalogue (every request of a target picks one of these).
  const { rows } = await db.query(`select id from products order by random() limit ${sampleIds}`);
  return { ms: Date.now() - started, ids: rows.map((r) => r.id) };
}
