/**
 * Listings at scale (issue 14, decision 282): the count stops at its ceiling and says "at least",
 * deep pages still know the pages ahead, and identical misses (listings, home data) share one read.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { createTestApp, type TestApp } from "../support/test-app";
import { shopQuerySchema } from "../../core/shop-query";
import { listProducts, listingFlightStats } from "../../server/modules/catalog/read/list-products";
import { invalidateCatalogMemo } from "../../server/modules/catalog/read/catalog-memo";
import { COUNT_CAP, PAGES_AHEAD } from "../../server/modules/catalog/read/listing-count";
import { getHomeData, homeFlightStats } from "../../server/modules/catalog/read/home-data";

let t: TestApp;
const MANY = 1_100;

beforeAll(async () => {
  t = await createTestApp();
  // More blouses than the count's ceiling, and a few dresses; straight in SQL, priced as listed.
  await t.database.db.execute(sql`
    insert into products (name, code, description, category, price, total_price, stock, status, search_text, created_at)
    select 'Blouse ' || i, 'SC-B-' || i, 'd', 'blouses', 10000 + i, 10000 + i, 3, 'approved', 'blouse ' || i,
           now() - make_interval(secs => i)
    from generate_series(1, ${MANY}) as i`);
  await t.database.db.execute(sql`
    insert into products (name, code, description, category, price, total_price, stock, status, search_text)
    select 'Dress ' || i, 'SC-D-' || i, 'd', 'dresses', 20000, 20000, 3, 'approved', 'dress ' || i
    from generate_series(1, 7) as i`);
  invalidateCatalogMemo();
}, 120_000);
afterAll(() => t.close());

describe("listing count", () => {
  it("stops at its ceiling and says the total is a lower bound", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/products?category=blouses&limit=25" });
    expect(res.statusCode).toBe(200);
    const { metadata, products } = res.json();
    expect(products).toHaveLength(25);
    expect(metadata).toEqual({
      totalPages: COUNT_CAP / 25,
      page: 1,
      limit: 25,
      total: COUNT_CAP,
      totalIsAtLeast: true,
    });
  });

  it("counts exactly below the ceiling, with the reply as it always was", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/products?category=dresses" });
    expect(res.json().metadata).toEqual({ totalPages: 1, page: 1, limit: 10, total: 7 });
  });

  it("reaches past the ceiling on a deep page, so the pager still offers the pages ahead", async () => {
    const page = 38; // offset 925: the ceiling is then 925 + 5 pages
    const res = await t.app.inject({ method: "GET", url: `/api/products?category=blouses&limit=25&page=${page}` });
    const { metadata } = res.json();
    expect(metadata.total).toBe(Math.max(COUNT_CAP, (page - 1) * 25 + 25 * PAGES_AHEAD));
    const last = await t.app.inject({ method: "GET", url: "/api/products?category=blouses&limit=25&page=44" });
    // Offset 1,075 + 5 pages is past the 1,100 blouses: the count is exact again.
    expect(last.json().metadata).toEqual({ totalPages: 44, page: 44, limit: 25, total: MANY });
    expect(last.json().products).toHaveLength(25);
  });
});

describe("identical listing misses", () => {
  it("share one read: 50 at once cost one query", async () => {
    const query = shopQuerySchema.parse({ category: "blouses", price: "101-105", sortBy: "asc" });
    invalidateCatalogMemo();
    const before = listingFlightStats();
    const pages = await Promise.all(Array.from({ length: 50 }, () => listProducts(t.deps, query, null)));
    const after = listingFlightStats();
    expect(after.runs - before.runs).toBe(1);
    expect(after.joined - before.joined).toBe(49);
    const prices = pages[0]!.products.map((p) => p.price);
    expect(prices.length).toBeGreaterThan(0);
    expect(prices.every((p) => p >= 101 && p <= 105)).toBe(true);
    expect([...prices].sort((a, b) => a - b)).toEqual(prices);
    expect(new Set(pages.map((p) => JSON.stringify(p))).size).toBe(1);
  });

  it("through the API too: 50 parallel requests for one uncached page read it once", async () => {
    invalidateCatalogMemo();
    const before = listingFlightStats();
    const replies = await Promise.all(
      Array.from({ length: 50 }, () =>
        t.app.inject({ method: "GET", url: "/api/products?category=blouses&price=200-260" }),
      ),
    );
    expect(replies.every((r) => r.statusCode === 200)).toBe(true);
    expect(listingFlightStats().runs - before.runs).toBe(1);
    expect(new Set(replies.map((r) => r.body)).size).toBe(1);
  });

  it("does not hand a read begun before a write to a miss after it", async () => {
    const query = shopQuerySchema.parse({ category: "dresses" });
    invalidateCatalogMemo();
    const before = listingFlightStats();
    const first = listProducts(t.deps, query, null);
    invalidateCatalogMemo(); // a write lands while the first read runs
    const second = listProducts(t.deps, query, null);
    await Promise.all([first, second]);
    expect(listingFlightStats().runs - before.runs).toBe(2);
  });
});

describe("identical home data misses", () => {
  it("share one read: 50 parallel requests for the home data cost one read", async () => {
    invalidateCatalogMemo();
    const before = homeFlightStats();
    const replies = await Promise.all(
      Array.from({ length: 50 }, () => t.app.inject({ method: "GET", url: "/api/promos-featuredproducts" })),
    );
    expect(replies.every((r) => r.statusCode === 200)).toBe(true);
    expect(homeFlightStats().runs - before.runs).toBe(1);
    expect(homeFlightStats().joined - before.joined).toBeGreaterThan(0);
    expect(new Set(replies.map((r) => r.body)).size).toBe(1);
    expect(replies[0]!.json().featuredProducts.length).toBeGreaterThan(0);
  });

  it("does not hand a read begun before a write to a miss after it", async () => {
    invalidateCatalogMemo();
    const before = homeFlightStats();
    const first = getHomeData(t.deps, "en");
    invalidateCatalogMemo(); // a write lands while the first read runs
    const second = getHomeData(t.deps, "en");
    await Promise.all([first, second]);
    expect(homeFlightStats().runs - before.runs).toBe(2);
  });
});
