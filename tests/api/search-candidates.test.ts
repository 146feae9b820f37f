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
