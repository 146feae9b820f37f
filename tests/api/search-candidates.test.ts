/**
 * A relevance-ranked search ranks its newest candidates, as many as the count counts (decision
 * 341): with more matches than the count's ceiling, an old exact match no longer comes first; one
 * among the newest still does. Both databases.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { createTestApp, type TestApp } from "../support/test-app";
import { makeProduct } from "../support/catalog-factories";
import { COUNT_CAP } from "../../server/modules/catalog/read/listing-count";
import type { ProductDTO } from "../../server/modules/catalog/product-dto";
import { shopQuerySchema } from "../../core/shop-query";
import { foldSearchText } from "../../core/search-fold";
import { listingShape, listingValues, ranksByRelevance } from "../../server/modules/catalog/read/listing-query";
import {
  countListing,
  readListingPage,
  readRankedPageWithCount,
} from "../../server/modules/catalog/read/listing-statements";

let t: TestApp;
/** More prefix matches ("tunics") than the ceiling, all newer than the old exact match. */
const PREFIX_MATCHES = COUNT_CAP + 20;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.deps.db;
  await makeProduct(db, { name: "Old Tunic", code: "OT-1", createdAt: new Date("2020-01-01T00:00:00Z") });
  await db.execute(sql`
    insert into products (name, code, description, category, price, total_price, stock, images, status, search_text, created_at)
    select 'Tunics Set ' || i, 'TS-' || i, 'A set', 'blouses', 50000, 50000, 5, array['/uploads/a-800.webp'],
           'approved', 'tunics set ' || i, timestamp '2025-01-01' + make_interval(mins => i)
      from generate_series(1, ${PREFIX_MATCHES}) as i`);
  await makeProduct(db, { name: "Old Kaftan", code: "OK-1", createdAt: new Date("2020-01-01T00:00:00Z") });
  for (const i of [1, 2, 3])
    await makeProduct(db, {
      name: `Kaftans Pair ${i}`,
      code: `KP-${i}`,
      createdAt: new Date(`2025-02-0${i}T00:00:00Z`),
    });
  // Among the newest: an exact match a minute older than the newest prefix match.
  await makeProduct(db, { name: "New Tunic", code: "NT-1", createdAt: new Date("2025-01-01T00:30:00Z") });
});
afterAll(() => t.close());

async function searchPage(q: string, page = 1) {
  const res = await t.app.inject({
    method: "GET",
    url: `/api/products?search=${encodeURIComponent(q)}&page=${page}&limit=25`,
  });
  expect(res.statusCode).toBe(200);
  return res.json() as { products: ProductDTO[]; metadata: { total: number; totalIsAtLeast?: boolean } };
}

describe("a search with more matches than the count's ceiling", () => {
  it("ranks the newest matches: a new exact match first, an old one not at all on page 1", async () => {
    const { products, metadata } = await searchPage("tunic");
    expect(metadata).toMatchObject({ total: COUNT_CAP, totalIsAtLeast: true });
    expect(products[0]!.name).toBe("New Tunic");
    // Then the prefix matches, newest first.
    expect(products[1]!.name).toBe(`Tunics Set ${PREFIX_MATCHES}`);
    expect(products.map((p) => p.name)).not.toContain("Old Tunic");
  });

  it("still ranks every match when they are fewer than the ceiling: an old exact match first", async () => {
    const { products, metadata } = await searchPage("kaftan");
    expect(metadata).toEqual(expect.objectContaining({ total: 4 }));
    expect(metadata.totalIsAtLeast).toBeUndefined();
    expect(products.map((p) => p.name)).toEqual(["Old Kaftan", "Kaftans Pair 3", "Kaftans Pair 2", "Kaftans Pair 1"]);
  });
});

describe("a relevance-ranked search's page and count, read together (decision 374)", () => {
  /** The page and the count as one statement, and as the two statements they replaced. */
  async function bothWays(search: string, page: number) {
    const query = shopQuerySchema.parse({ search, page: String(page), limit: "25" });
    const q = foldSearchText(search);
    const shape = listingShape(query, null, q);
    const values = listingValues(query, q);
    expect(ranksByRelevance(shape)).toBe(true);
    const together = await readRankedPageWithCount(t.deps.db, shape, values);
    const apart = {
      rows: await readListingPage(t.deps.db, shape, values),
      total: await countListing(t.deps.db, shape, values),
    };
    return { together, apart };
  }

  it("gives the page and the total the two statements gave: past the ceiling, within it, past the last match, no match", async () => {
    for (const [search, page] of [
      ["tunic", 1],
      ["tunic", 2],
      ["kaftan", 1],
      ["kaftan", 2], // past the last match: no row carries the total
      ["qqqxyz", 1], // no match at all
    ] as const) {
      const { together, apart } = await bothWays(search, page);
      expect(together.total, `${search} p${page}`).toEqual(apart.total);
      expect(
        together.rows.map((r) => r.name),
        `${search} p${page}`,
      ).toEqual(apart.rows.map((r) => r.name));
    }
    expect((await bothWays("tunic", 1)).together.total).toEqual({ total: COUNT_CAP, atLeast: true });
    expect((await bothWays("kaftan", 2)).together).toEqual({ rows: [], total: { total: 4, atLeast: false } });
  });
});
