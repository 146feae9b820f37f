/**
 * Decision 382: a search of words many products have together reads its page among the newest
 * products, by walking, only when the whole page (or every candidate a relevance rank ranks) is
 * there; the rows are then exactly those of the usual read. Prefixes are small here so that a
 * few thousand products show both cases (the shop's prefix is NEWEST_PREFIX).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { createTestApp, type TestApp } from "../support/test-app";
import { shopQuerySchema, type ShopQueryInput } from "../../core/shop-query";
import { foldSearchText } from "../../core/search-fold";
import { listingShape, listingValues } from "../../server/modules/catalog/read/listing-query";
import { readListingPage } from "../../server/modules/catalog/read/listing-statements";
import {
  catalogueSizeEstimate,
  newestPrefixBound,
  readAmongNewest,
} from "../../server/modules/catalog/read/among-newest";
import { emit } from "../../server/events";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  // 3,000 products, every other one a "linen blouse", the rest "satin dress"; newest last.
  await t.deps.db.execute(sql`
    insert into products (name, code, description, category, price, total_price, stock, images, status, search_text, created_at)
    select case when i % 2 = 0 then 'Linen Blouse ' else 'Satin Dress ' end || i, 'AN-' || i, 'A piece', 'blouses',
           50000, 50000, 5, array['/uploads/a-800.webp'], 'approved',
           case when i % 2 = 0 then 'linen blouse ' else 'satin dress ' end || i,
           timestamp '2025-01-01' + make_interval(mins => i)
      from generate_series(1, 3000) as i`);
}, 120_000);
afterAll(() => t.close());

/**
 * The page read among the newest `prefix` products, and the same page read as usual. The walk is
 * tried from `walkFrom` products by PostgreSQL's estimate (0: whatever the catalogue's size).
 */
async function bothReads(input: ShopQueryInput, prefix: number, walkFrom = 0) {
  const query = shopQuerySchema.parse(input);
  const q = foldSearchText(query.search ?? "");
  const shape = listingShape(query, null, q);
  const values = listingValues(query, q);
  const db = t.deps.db;
  return db.transaction(async (tx) => ({
    among: await readAmongNewest(db, shape, values, tx, { prefix, walkFrom }),
    usual: await readListingPage(db, shape, values, tx),
  }));
}

const ids = (rows: { id: string }[] | null) => rows?.map((r) => r.id);

describe("a search of common words among the newest products", () => {
  it("reads a relevance-ranked page from the prefix when all its candidates are there: the same rows", async () => {
    // The rank ranks the newest 1,000 matches: 2,500 products hold 1,250 linen blouses.
    const { among, usual } = await bothReads({ search: "linen blouse", page: 3, limit: 10 }, 2_500);
    expect(among).not.toBeNull();
    expect(ids(among)).toEqual(ids(usual));
    expect(among).toHaveLength(10);
  });

  it("reads nothing when the prefix holds fewer candidates than the rank needs", async () => {
    const { among, usual } = await bothReads({ search: "linen blouse", page: 1, limit: 10 }, 1_000);
    expect(among).toBeNull();
    expect(usual).toHaveLength(10);
  });

  it("reads a newest-first page from the prefix when the page ends within it, else nothing", async () => {
    const within = await bothReads({ search: "satin dress", sortBy: "newest", page: 4, limit: 10 }, 100);
    expect(ids(within.among)).toEqual(ids(within.usual));
    expect(within.among).toHaveLength(10);
    // Page 6 ends at the 60th match; 100 products hold 50.
    const past = await bothReads({ search: "satin dress", sortBy: "newest", page: 6, limit: 10 }, 100);
    expect(past.among).toBeNull();
    expect(past.usual).toHaveLength(10);
  });

  it("leaves a page by price to the usual read", async () => {
    const { among } = await bothReads({ search: "satin dress", sortBy: "asc", page: 1, limit: 10 }, 2_500);
    expect(among).toBeNull();
  });

  it("answers the same page through the API as the usual read did", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/products?search=linen%20blouse&page=2&limit=10" });
    expect(res.statusCode, res.body).toBe(200);
    const { usual } = await bothReads({ search: "linen blouse", page: 2, limit: 10 }, 2_500);
    expect(res.json().products.map((p: { _id: string }) => p._id)).toEqual(ids(usual));
  });

  it("leaves a catalogue smaller than many times the prefix to the usual read (decision 402)", async () => {
    // There the prefix is most of the catalogue, and walking it cost more than reading every match.
    await t.deps.db.execute(sql`analyze products`);
    emit("catalogue.changed", { reason: "product" });
    const estimate = await t.deps.db.transaction((tx) => catalogueSizeEstimate(t.deps.db, tx));
    expect(estimate).toBe(3_000);
    const small = await bothReads({ search: "linen blouse", page: 3, limit: 10 }, 2_500, estimate + 1);
    expect(small.among).toBeNull();
    expect(small.usual).toHaveLength(10);
    const large = await bothReads({ search: "linen blouse", page: 3, limit: 10 }, 2_500, estimate);
    expect(ids(large.among)).toEqual(ids(large.usual));
  });

  it("remembers where the newest prefix starts until the catalogue changes", async () => {
    // It was read again by every such search: an index-only read of 50,000 entries each time.
    const db = t.deps.db;
    const bound = () => db.transaction((tx) => newestPrefixBound(db, tx, 10));
    emit("catalogue.changed", { reason: "product" });
    const first = await bound();
    expect(first).not.toBeNull();
    // A product written behind the memo's back (no event) does not move the remembered bound ...
    await db.execute(sql`
      insert into products (name, code, description, category, price, total_price, stock, images, status, search_text, created_at)
      values ('Newest Linen Blouse', 'AN-NEW', 'A piece', 'blouses', 50000, 50000, 5, array['/uploads/a-800.webp'],
              'approved', 'newest linen blouse', timestamp '2026-01-01')`);
    expect(await bound()).toBe(first);
    // ... and once the catalogue says it changed, the bound is read again: one product later.
    emit("catalogue.changed", { reason: "product" });
    const second = await bound();
    expect(second).not.toBe(first);
    expect(new Date(second!).getTime()).toBeGreaterThan(new Date(first!).getTime());
    expect(await bound()).toBe(second);
    await db.execute(sql`delete from products where code = 'AN-NEW'`);
    emit("catalogue.changed", { reason: "product" });
  });
});
