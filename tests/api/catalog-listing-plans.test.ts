/**
 * Every listing shape at a million products has an index (issue 14, decision 283): a fresh
 * PostgreSQL database gets 1,000,000 products from generate_series, and EXPLAIN of each filter and
 * sort the listing builder produces (and its capped count, and a deep page) must not scan
 * `products` sequentially. PostgreSQL only: PGlite is the small shop's database.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fillPlaceholders } from "drizzle-orm";
import type pg from "pg";
import { createTestDatabase, onPostgres } from "../support/test-app";
import type { Database } from "../../server/db/client";
import { seedReference } from "../../server/db/seed/reference";
import { shopQuerySchema, SORTS, type ShopQueryInput } from "../../core/shop-query";
import { foldSearchText } from "../../core/search-fold";
import { BITMAP_SCANS_ONLY } from "../../server/modules/catalog/read/list-products";
import { listingShape, listingValues } from "../../server/modules/catalog/read/listing-query";
import { countBinding, listingStatements, pageBinding } from "../../server/modules/catalog/read/listing-statements";
import type { SessionUser } from "../../server/modules/accounts/sessions";
import type { CompiledQuery } from "../../server/db/array-query";
import { homeRowQueries, newestPerQuery } from "../../server/modules/catalog/read/home-data";

const ROWS = 1_000_000;
let database: Database;
let pool: pg.Pool;

beforeAll(async () => {
  if (!onPostgres()) return;
  database = await createTestDatabase();
  await seedReference(database.db);
  pool = (database.db as unknown as { $client: pg.Pool }).$client;
  const c = await pool.connect();
  try {
    await c.query("set maintenance_work_mem = '256MB'");
    // Indexes are dropped for the load and built again after it: one build is far quicker than a
    // million insertions into each (the trigram index above all).
    const { rows: indexes } = await c.query<{ indexname: string; indexdef: string }>(
      "select indexname, indexdef from pg_indexes where tablename = 'products' and indexname <> 'products_pkey'",
    );
    for (const { indexname } of indexes) await c.query(`drop index ${indexname}`);
    await c.query(`
      insert into products (name, code, description, category, collection, price, total_price, discount,
                            stock, status, hidden, images, search_text, created_at)
      select 'Item ' || i, 'IT-' || i,
             'A soft everyday piece in breathable fabric, cut to sit easily and wash well, number ' || i,
             cats[1 + i % array_length(cats, 1)],
             case when i % 3 = 0 then null else cols[1 + i % array_length(cols, 1)] end,
             10000 + ((i::bigint * 7919) % 900000)::int, 10000 + ((i::bigint * 7919) % 900000)::int, case when i % 10 = 0 then 15 else 0 end,
             i % 9, case when i % 50 = 0 then 'pending' else 'approved' end, i % 97 = 0,
             array['/uploads/item-' || i || '-a-800.webp', '/uploads/item-' || i || '-b-800.webp'],
             'item ' || i || ' ' || cats[1 + i % array_length(cats, 1)],
             timestamp '2026-01-01' + make_interval(secs => i)
      from generate_series(1, ${ROWS}) as i,
           (select array_agg(name order by name) as cats from categories) as c,
           (select array_agg(name order by name) as cols from collections) as k`);
    for (const { indexdef } of indexes) await c.query(indexdef);
    await c.query("vacuum analyze products");
  } finally {
    c.release();
  }
}, 900_000);
afterAll(async () => {
  if (database) await database.close();
});

const staff = { role: "admin" } as SessionUser;

/** Each filter the listing builder takes, alone, as the shop and the API send them. */
const FILTERS: Record<string, ShopQueryInput> = {
  none: {},
  category: { category: "dresses" },
  collection: { collection: "summer" },
  price: { price: "500-900" },
  inStock: { inStock: "true" },
  discount: { discount: "true" },
  search: { search: "item 4242" },
  // A word a share of the catalogue matches: its count was a sequential scan (decision 341).
  commonWord: { search: "dresses" },
  // Words that a share of the catalogue matches each, but that no product has together (decision 355).
  wordsApart: { search: "dresses blouses" },
  categoryAndPrice: { category: "blouses", price: "200-400", inStock: "true" },
  categoryAndCollection: { category: "dresses", collection: "summer" },
  collectionAndPrice: { collection: "summer", price: "500-900" },
  discountInCategory: { category: "dresses", discount: "true" },
};

interface Case {
  name: string;
  compiled: CompiledQuery;
  values: Record<string, unknown>;
}

function cases(): Case[] {
  const out: Case[] = [];
  for (const [filterName, filter] of Object.entries(FILTERS)) {
    for (const sortBy of [undefined, ...SORTS]) {
      for (const [viewerName, viewer] of [
        ["guest", null],
        ["staff", staff],
      ] as const) {
        for (const page of [1, 20_000]) {
          const query = shopQuerySchema.parse({ ...filter, sortBy, page, limit: 25 });
          const q = foldSearchText(query.search ?? "");
          for (const typo of q ? [false, true] : [false]) {
            const shape = listingShape(query, viewer, q, typo);
            const values = listingValues(query, q, typo);
            const statements = listingStatements(database.db, shape);
            const name = `${filterName}/${sortBy ?? "default"}/${viewerName}/page ${page}${typo ? "/typo" : ""}`;
            out.push({ name: `${name} page`, compiled: statements.page, values: pageBinding(values) });
            out.push({ name: `${name} count`, compiled: statements.count, values: countBinding(values) });
            if (statements.rankedWithCount)
              out.push({
                name: `${name} page with count`,
                compiled: statements.rankedWithCount,
                values: countBinding(values),
              });
          }
        }
      }
    }
  }
  return out;
}

describe.skipIf(!onPostgres())(`listing plans at ${ROWS.toLocaleString("en")} products (PostgreSQL)`, () => {
  it("never scans products sequentially, for any filter, sort, viewer, page depth or count", async () => {
    const all = cases();
    const seqScans: string[] = [];
    for (const c of all) {
      const params = fillPlaceholders(c.compiled.query.params, c.values);
      const { rows } = await pool.query<{ "QUERY PLAN": string }>(`explain ${c.compiled.query.sql}`, params);
      const plan = rows.map((r) => r["QUERY PLAN"]).join("\n");
      if (/Seq Scan on products/.test(plan)) seqScans.push(`${c.name}:\n${plan}`);
    }
    expect(all.length).toBeGreaterThan(100);
    expect(seqScans).toEqual([]);
  }, 300_000);
});

describe.skipIf(!onPostgres())(`home rows at ${ROWS.toLocaleString("en")} products (PostgreSQL)`, () => {
  // The best sellers once sorted every product sharing a sold count (most of them 0) on each
  // memo miss: an index on sold_count alone orders the count, not the newest within it.
  it("reads the newest arrivals and the best sellers from an index, with no sort of the catalogue", async () => {
    for (const [name, query] of Object.entries(homeRowQueries(database.db))) {
      const { sql, params } = query.toSQL();
      const { rows } = await pool.query<{ "QUERY PLAN": string }>(`explain ${sql}`, params);
      const plan = rows.map((r) => r["QUERY PLAN"]).join("\n");
      expect(plan, name).toMatch(/Index (Only )?Scan/);
      expect(plan, name).not.toMatch(/Seq Scan|Sort/);
    }
  });
});

describe.skipIf(!onPostgres())(
  `home rows per category and collection at ${ROWS.toLocaleString("en")} products (PostgreSQL)`,
  () => {
    // Read in one step, the newest products of each collection were found by walking the whole
    // catalogue's newest-first index, and a collection without products walked all of it.
    it("reads a few pages per category and collection, an empty one included", async () => {
      await pool.query("insert into collections (name, active, sort_order) values ('nothing yet', true, 99)");
      try {
        for (const kind of ["category", "collection"] as const) {
          const { sql, params } = newestPerQuery(database.db, kind).toSQL();
          const { rows } = await pool.query<{ "QUERY PLAN": [{ Plan: Record<string, number> }] }>(
            `explain (analyze, buffers, format json) ${sql}`,
            params,
          );
          const plan = rows[0]!["QUERY PLAN"][0].Plan;
          const pages = plan["Shared Hit Blocks"]! + plan["Shared Read Blocks"]!;
          // About 500 for ten categories or twelve collections; a walk of the whole index is over 10,000.
          expect(pages, kind).toBeLessThan(1_500);
        }
      } finally {
        await pool.query("delete from collections where name = 'nothing yet'");
      }
    });
  },
);

/** The rows a plan's scans of `products` read: returned, filtered away, or rechecked away. */
function rowsRead(node: Record<string, unknown>): number {
  const own =
    node["Relation Name"] === "products" && node["Index Name"] !== "products_pkey"
      ? (Number(node["Actual Rows"] ?? 0) +
          Number(node["Rows Removed by Filter"] ?? 0) +
          Number(node["Rows Removed by Index Recheck"] ?? 0)) *
        Number(node["Actual Loops"] ?? 1)
      : 0;
  const children = (node.Plans as Record<string, unknown>[] | undefined) ?? [];
  return own + children.reduce((sum, child) => sum + rowsRead(child), 0);
}

describe.skipIf(!onPostgres())(`common words' searches at ${ROWS.toLocaleString("en")} products (PostgreSQL)`, () => {
  // Ranked over every match, "dresses" read each of its hundred thousand matches per page. Two
  // common words that no product has together must not walk the catalogue looking for them
  // (decision 355).
  it.each([
    ["a common word", "dresses"],
    ["two common words that no product has together", "dresses blouses"],
  ])("%s: reads a few thousand rows for its page and its count, not every match", async (_, search) => {
    const query = shopQuerySchema.parse({ search, page: 1, limit: 25 });
    const q = foldSearchText(query.search ?? "");
    const values = listingValues(query, q);
    const statements = listingStatements(database.db, listingShape(query, null, q));
    for (const word of q.split(" ")) {
      const { rows: matching } = await pool.query<{ n: number }>(
        "select count(*)::int as n from products where search_text like $1",
        [`%${word}%`],
      );
      expect(matching[0]!.n).toBeGreaterThan(50_000);
    }
    // Several words are read with bitmap scans while they match fewer than the ceiling, as
    // readWordsListing (list-products.ts) reads them.
    const client = await pool.connect();
    try {
      await client.query("begin");
      if (q.includes(" ")) await client.query(BITMAP_SCANS_ONLY);
      const together = statements.rankedWithCount; // one word: its page and count in one statement (decision 374)
      for (const [name, compiled, bound] of [
        ["page", statements.page, pageBinding(values)],
        ["count", statements.count, countBinding(values)],
        ...(together ? [["page with count", together, countBinding(values)] as const] : []),
      ] as const) {
        const params = fillPlaceholders(compiled.query.params, bound);
        const { rows } = await client.query<{ "QUERY PLAN": [{ Plan: Record<string, unknown> }] }>(
          `explain (analyze, format json) ${compiled.query.sql}`,
          params,
        );
        expect(rowsRead(rows[0]!["QUERY PLAN"][0].Plan), name).toBeLessThan(30_000);
      }
    } finally {
      await client.query("rollback");
      client.release();
    }
  });
});

describe.skipIf(!onPostgres())(
  `two words many products have together, at ${ROWS.toLocaleString("en")} products`,
  () => {
    // Counted newest first with bitmap scans only, the count read every match to sort them before
    // its limit: "item dresses" (every dress) read a tenth of the catalogue (decision 381).
    it("counts them by reading about the ceiling's rows, not every match", async () => {
      const query = shopQuerySchema.parse({ search: "item dresses", page: 1, limit: 25 });
      const q = foldSearchText(query.search ?? "");
      const statements = listingStatements(database.db, listingShape(query, null, q));
      const { rows: matching } = await pool.query<{ n: number }>(
        "select count(*)::int as n from products where search_text like '%item%' and search_text like '%dresses%'",
      );
      expect(matching[0]!.n).toBeGreaterThan(50_000);
      const client = await pool.connect();
      try {
        await client.query("begin");
        await client.query(BITMAP_SCANS_ONLY);
        const { query: compiled } = statements.count;
        const params = fillPlaceholders(compiled.params, countBinding(listingValues(query, q)));
        const { rows } = await client.query<{ "QUERY PLAN": [{ Plan: Record<string, unknown> }] }>(
          `explain (analyze, format json) ${compiled.sql}`,
          params,
        );
        expect(rowsRead(rows[0]!["QUERY PLAN"][0].Plan)).toBeLessThan(30_000);
      } finally {
        await client.query("rollback");
        client.release();
      }
    });
  },
);

/** Shared buffers a plan touched (its top node counts its children's). */
const buffersOf = (plan: Record<string, unknown>) =>
  Number(plan["Shared Hit Blocks"] ?? 0) + Number(plan["Shared Read Blocks"] ?? 0);

describe.skipIf(!onPostgres())(
  `a filter combination that matches nothing, at ${ROWS.toLocaleString("en")} products`,
  () => {
    // A category without discounts, asked for its discounted products by price: estimated as a
    // thousandth of the catalogue (category share × discount share), it was read by walking the
    // whole price index (about 19,000 buffers) hoping to stop early (decision 343).
    it("reads its category's part of an index, not the whole price index", async () => {
      const { rows: found } = await pool.query<{ name: string }>(
        `select c.name from categories c
        where not exists (select 1 from products p where p.category = c.name and p.discount > 0)
        order by c.name limit 1`,
      );
      expect(found).toHaveLength(1);
      const query = shopQuerySchema.parse({ category: found[0]!.name, discount: "true", sortBy: "desc", page: 5 });
      const values = listingValues(query, "");
      const statements = listingStatements(database.db, listingShape(query, null, ""));
      const together = statements.rankedWithCount; // one word: its page and count in one statement (decision 374)
      for (const [name, compiled, bound] of [
        ["page", statements.page, pageBinding(values)],
        ["count", statements.count, countBinding(values)],
        ...(together ? [["page with count", together, countBinding(values)] as const] : []),
      ] as const) {
        const { rows } = await pool.query<{ "QUERY PLAN": [{ Plan: Record<string, unknown> }] }>(
          `explain (analyze, buffers, format json) ${compiled.query.sql}`,
          fillPlaceholders(compiled.query.params, bound),
        );
        expect(buffersOf(rows[0]!["QUERY PLAN"][0].Plan), name).toBeLessThan(5_000);
      }
    });
  },
);

describe.skipIf(!onPostgres())(`filter combinations at ${ROWS.toLocaleString("en")} products (decision 361)`, () => {
  /** The buffers a listing's page and its count touch, as the shop runs them (prepared, generic plans). */
  async function buffersRead(input: ShopQueryInput): Promise<{ page: number; count: number }> {
    const query = shopQuerySchema.parse(input);
    const values = listingValues(query, "");
    const statements = listingStatements(database.db, listingShape(query, null, ""));
    const read = { page: 0, count: 0 };
    const client = await pool.connect();
    try {
      // The plan a prepared statement settles on after its first runs: one that cannot see the values.
      await client.query("set plan_cache_mode = force_generic_plan");
      for (const [name, compiled, bound] of [
        ["page", statements.page, pageBinding(values)],
        ["count", statements.count, countBinding(values)],
      ] as const) {
        const statement = `listing_${name}_${Object.keys(input).join("_")}`;
        await client.query(`prepare ${statement} as ${compiled.query.sql}`);
        const params = fillPlaceholders(compiled.query.params, bound) as unknown[];
        const args = params.map((v) => (typeof v === "number" ? String(v) : `'${String(v).replace(/'/g, "''")}'`));
        const { rows } = await client.query<{ "QUERY PLAN": [{ Plan: Record<string, unknown> }] }>(
          `explain (analyze, buffers, format json) execute ${statement}${args.length ? `(${args.join(", ")})` : ""}`,
        );
        read[name] = buffersOf(rows[0]!["QUERY PLAN"][0].Plan);
      }
    } finally {
      await client.query("deallocate all");
      await client.query("reset plan_cache_mode");
      client.release();
    }
    return read;
  }

  /** A category and a collection that each have products, but none together. */
  async function disjointPair(): Promise<{ category: string; collection: string }> {
    const { rows } = await pool.query<{ category: string; collection: string }>(
      `select c.name as category, k.name as collection from categories c, collections k
        where exists (select 1 from products where category = c.name)
          and exists (select 1 from products where collection = k.name)
          and not exists (select 1 from products where category = c.name and collection = k.name)
        order by 1, 2 limit 1`,
    );
    expect(rows).toHaveLength(1);
    return rows[0]!;
  }

  // Each read its whole category or collection (100,000 index entries: 950 to 1,150 buffers for
  // a page of 25, measured before the indexes of migration 0017). An empty answer now reads a few
  // buffers; a collection by price reads its page's 500 entries in price order (about 350).
  it.each([
    [
      "discounted products of a category that has none",
      100,
      async () => ({ ...(await noDiscountCategory()), discount: "true" }),
    ],
    ["a category and a collection that have nothing together", 100, async () => ({ ...(await disjointPair()) })],
    ["a collection by price, page 20", 600, async () => ({ collection: "summer", sortBy: "asc", page: "20" })],
  ] as const)("%s: reads its own index, under %i buffers", async (_, most, input) => {
    const read = await buffersRead({ ...(await input()), limit: "25" } as ShopQueryInput);
    expect(read.page).toBeLessThan(most);
    expect(read.count).toBeLessThan(most);
  });

  async function noDiscountCategory(): Promise<{ category: string }> {
    const { rows } = await pool.query<{ name: string }>(
      `select c.name from categories c
        where exists (select 1 from products p where p.category = c.name)
          and not exists (select 1 from products p where p.category = c.name and p.discount > 0)
        order by c.name limit 1`,
    );
    expect(rows).toHaveLength(1);
    return { category: rows[0]!.name };
  }
});
