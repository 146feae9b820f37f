/**
 * GET /api/products (DESIGN.md §4): who sees what, every filter and sort, pagination metadata, and
 * nonsense values ignored, never a 400 or 500.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import * as schema from "../../server/db/schema";
import type { Db } from "../../server/db/client";
import { createTestApp, type TestApp } from "../support/test-app";
import { signedIn } from "../support/factories";
import { makeDiscount, makeProduct } from "../support/catalog-factories";
import { shopQuerySchema } from "../../core/shop-query";
import { listProducts } from "../../server/modules/catalog/read/list-products";
import { catalogMemoSize, invalidateCatalogMemo } from "../../server/modules/catalog/read/catalog-memo";
import type { ProductDTO } from "../../server/modules/catalog/product-dto";

let t: TestApp;
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  const db = t.deps.db;
  ids.rose = (
    await makeProduct(db, {
      name: "Rose Blouse",
      category: "blouses",
      collection: "summer",
      price: 30_000,
      stock: 5,
      createdAt: daysAgo(10),
    })
  ).id;
  ids.navy = (
    await makeProduct(db, {
      name: "Navy Dress",
      category: "dresses",
      collection: "winter",
      price: 120_000,
      stock: 0,
      createdAt: daysAgo(5),
    })
  ).id;
  ids.silk = (
    await makeProduct(db, { name: "Silk Skirt", category: "skirts", price: 70_000, stock: 3, createdAt: daysAgo(1) })
  ).id;
  ids.wool = (
    await makeProduct(db, {
      name: "Wool Cardigan",
      category: "cardigans",
      collection: "winter",
      price: 200_000,
      stock: 8,
      createdAt: daysAgo(20),
    })
  ).id;
  ids.pending = (
    await makeProduct(db, { name: "Pending Gem Dress", category: "dresses", status: "pending", price: 10_000 })
  ).id;
  ids.deleted = (await makeProduct(db, { name: "Deleted Top", category: "tops", hidden: true, price: 40_000 })).id;
  await makeDiscount(db, { productId: ids.silk, discount: 20 });
  for (let i = 0; i < 12; i++) {
    await makeProduct(db, {
      name: `Basic Pants ${i}`,
      category: "pants",
      price: 25_000 + i * 100,
      stock: 4,
      createdAt: daysAgo(30 + i),
    });
  }
});
afterAll(() => t.close());

async function list(query = "", headers: Record<string, string> = {}) {
  const res = await t.app.inject({ method: "GET", url: `/api/products${query}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    products: ProductDTO[];
    metadata: { totalPages: number; page: number; limit: number; total: number };
  };
}
const names = (ps: ProductDTO[]) => ps.map((p) => p.name);

describe("who sees which products", () => {
  it("shows customers only approved, not deleted products", async () => {
    const body = await list("?limit=100");
    expect(body.metadata.total).toBe(16);
    expect(names(body.products)).not.toContain("Pending Gem Dress");
    expect(names(body.products)).not.toContain("Deleted Top");
  });

  it("ignores hidden=true from a customer", async () => {
    const { headers } = await signedIn(t.deps.db, "user");
    const body = await list("?hidden=true&limit=100", headers);
    expect(names(body.products)).not.toContain("Deleted Top");
    expect(body.metadata.total).toBe(16);
  });

  it("lists the deleted products for staff with hidden=true", async () => {
    const { headers } = await signedIn(t.deps.db, "admin");
    const body = await list("?hidden=true", headers);
    expect(names(body.products)).toEqual(["Deleted Top"]);
  });

  it("never shows a pending product in a search", async () => {
    const body = await list("?search=gem");
    expect(body.products).toEqual([]);
  });
});

describe("filters", () => {
  it("filters by category", async () => {
    expect(names((await list("?category=dresses")).products)).toEqual(["Navy Dress"]);
  });

  it("filters by collection", async () => {
    expect(names((await list("?collection=winter&sortBy=newest")).products)).toEqual(["Navy Dress", "Wool Cardigan"]);
  });

  it("keeps only products in stock with inStock=true", async () => {
    const body = await list("?inStock=true&limit=100");
    expect(body.metadata.total).toBe(15);
    expect(body.products.every((p) => p.stock > 0)).toBe(true);
  });

  it("keeps only discounted products with discount=true", async () => {
    const body = await list("?discount=true");
    expect(names(body.products)).toEqual(["Silk Skirt"]);
    expect(body.products[0]).toMatchObject({ price: 700, discount: 20, totalPrice: 560 });
  });

  it("filters by the price a customer pays, MIN-MAX in EGP", async () => {
    // Silk Skirt costs 700 but sells at 560 after its 20% discount.
    expect(names((await list("?price=500-600")).products)).toEqual(["Silk Skirt"]);
    expect(names((await list("?price=1000-100000&sortBy=asc")).products)).toEqual(["Navy Dress", "Wool Cardigan"]);
    expect(names((await list("?price=1500-")).products)).toEqual(["Wool Cardigan"]);
  });

  it("combines filters", async () => {
    expect(names((await list("?collection=winter&inStock=true")).products)).toEqual(["Wool Cardigan"]);
  });
});

describe("sorting", () => {
  it("sorts by price low to high (asc) and high to low (desc)", async () => {
    const asc = (await list("?sortBy=asc&limit=100")).products.map((p) => p.totalPrice);
    expect(asc).toEqual([...asc].sort((a, b) => a - b));
    const desc = (await list("?sortBy=desc&limit=100")).products;
    expect(desc[0]!.name).toBe("Wool Cardigan");
    expect(desc.map((p) => p.totalPrice)).toEqual([...asc].reverse());
  });

  it("sorts newest and oldest first", async () => {
    const newest = (await list("?sortBy=newest&limit=100")).products.map((p) => p.createdAt);
    expect(newest).toEqual([...newest].sort().reverse());
    const oldest = (await list("?sortBy=oldest&limit=3")).products;
    expect(names(oldest)).toEqual(["Basic Pants 11", "Basic Pants 10", "Basic Pants 9"]);
  });

  it("shows the newest first when no sort is chosen", async () => {
    expect((await list("?limit=1")).products[0]!.name).toBe("Silk Skirt");
  });
});

describe("pagination", () => {
  it("reports totalPages, page, limit and total", async () => {
    const first = await list("?category=pants&limit=5&page=1");
    expect(first.metadata).toEqual({ totalPages: 3, page: 1, limit: 5, total: 12 });
    const last = await list("?category=pants&limit=5&page=3");
    expect(last.products).toHaveLength(2);
    expect(last.metadata).toEqual({ totalPages: 3, page: 3, limit: 5, total: 12 });
  });

  it("pages do not overlap", async () => {
    const a = names((await list("?category=pants&limit=5&page=1&sortBy=oldest")).products);
    const b = names((await list("?category=pants&limit=5&page=2&sortBy=oldest")).products);
    expect(a.filter((n) => b.includes(n))).toEqual([]);
  });

  it("defaults to page 1 of 10", async () => {
    expect((await list()).metadata).toMatchObject({ page: 1, limit: 10, totalPages: 2, total: 16 });
  });

  it("answers an empty page past the end", async () => {
    const body = await list("?category=pants&limit=5&page=9");
    expect(body.products).toEqual([]);
    expect(body.metadata).toMatchObject({ totalPages: 3, page: 9, total: 12 });
  });
});

describe("nonsense filter values", () => {
  const nonsense = [
    "?page=-3",
    "?page=abc",
    "?page=1e99",
    "?limit=0",
    "?limit=100000",
    "?limit=ten",
    "?category=shoes",
    "?sortBy=price",
    "?inStock=maybe",
    "?discount=%27%3B--",
    "?price=abc",
    "?price=900-100-3",
    "?price=-",
    "?search=%25%25%25",
    "?search=_",
    `?search=${"x".repeat(500)}`,
    "?category=dresses&category=tops",
    "?hidden=yes",
    "?page[]=1",
  ];

  it.each(nonsense)("ignores %s and answers 200", async (q) => {
    const body = await list(q);
    expect(Array.isArray(body.products)).toBe(true);
    expect(body.metadata.page).toBeGreaterThanOrEqual(1);
  });

  it("falls back to the defaults for a nonsense page and limit", async () => {
    expect((await list("?page=abc&limit=-1")).metadata).toMatchObject({ page: 1, limit: 10 });
  });

  it("treats LIKE wildcards in a search as plain characters", async () => {
    expect((await list("?search=%25")).products).toEqual([]);
  });

  it("swaps a reversed price range", async () => {
    expect(names((await list("?price=600-500")).products)).toEqual(["Silk Skirt"]);
  });
});

describe("speed", () => {
  /** The app's database seen through a driver that counts the queries sent to PostgreSQL. */
  function countingDb(): { db: Db; queries: () => number; reset: () => void } {
    let queries = 0;
    const client = (t.deps.db as unknown as { $client: object }).$client;
    const counting = new Proxy(client, {
      get(target, prop) {
        const value = Reflect.get(target, prop, target);
        if (typeof value !== "function") return value;
        if (prop === "query")
          return (...args: unknown[]) => {
            queries++;
            return value.apply(target, args);
          };
        return value.bind(target);
      },
    });
    const db = (t.database.driver === "pglite"
      ? drizzlePglite(counting as never, { schema })
      : drizzlePg(counting as never, { schema })) as unknown as Db;
    return {
      db,
      queries: () => queries,
      reset: () => {
        queries = 0;
      },
    };
  }

  it("runs the same number of queries whatever the page size", async () => {
    const counted = countingDb();
    const countFor = async (limit: number) => {
      invalidateCatalogMemo();
      counted.reset();
      const page = await listProducts({ db: counted.db }, shopQuerySchema.parse({ limit: String(limit) }), null);
      return { queries: counted.queries(), rows: page.products.length };
    };
    const small = await countFor(1);
    const large = await countFor(100);
    expect(small.rows).toBe(1);
    expect(large.rows).toBe(16);
    expect(large.queries).toBe(small.queries);
    expect(small.queries).toBe(2);
  });

  it("remembers the total, so a second page of the same filter is one query", async () => {
    const counted = countingDb();
    invalidateCatalogMemo();
    const first = await listProducts(
      { db: counted.db },
      shopQuerySchema.parse({ category: "pants", limit: "5" }),
      null,
    );
    counted.reset();
    const second = await listProducts(
      { db: counted.db },
      shopQuerySchema.parse({ category: "pants", limit: "5", page: "2" }),
      null,
    );
    expect(counted.queries()).toBe(1);
    expect(second.metadata).toEqual({ ...first.metadata, page: 2 });
  });

  it("remembers the total across sorts: the same filters sorted another way are one query", async () => {
    const counted = countingDb();
    invalidateCatalogMemo();
    const byPrice = await listProducts(
      { db: counted.db },
      shopQuerySchema.parse({ category: "skirts", sortBy: "asc" }),
      null,
    );
    for (const sortBy of ["desc", "newest", "oldest"]) {
      counted.reset();
      const other = await listProducts({ db: counted.db }, shopQuerySchema.parse({ category: "skirts", sortBy }), null);
      expect(counted.queries(), sortBy).toBe(1);
      expect(other.metadata).toEqual(byPrice.metadata);
    }
  });

  it("answers a page the same through the prepared statement as a fresh query would", async () => {
    const query = shopQuerySchema.parse({ category: "skirts", inStock: "true", sortBy: "desc", price: "100-5000" });
    const first = await listProducts(t.deps, query, null);
    const again = await listProducts(t.deps, query, null);
    expect(again).toEqual(first);
    expect(first.products.length).toBeGreaterThan(0);
    const [product] = first.products;
    expect(typeof product!.createdAt).toBe("string");
    expect(Array.isArray(product!.images) && Array.isArray(product!.sizes)).toBe(true);
    expect(first.products).toEqual(
      await Promise.all(
        first.products.map(async (p) => (await t.app.inject({ url: `/api/products/${p._id}` })).json()),
      ),
    );
  });

  it("forgets remembered totals when a product changes", async () => {
    const before = (await list("?category=jackets")).metadata.total;
    await makeProduct(t.deps.db, { name: "Fresh Jacket", category: "jackets" });
    expect((await list("?category=jackets")).metadata.total).toBe(before + 1);
  });
});

describe("what a listing keeps in the catalogue memo (decision 396)", () => {
  it("keeps an API listing as its JSON text alone, and a page's listing as its page", async () => {
    invalidateCatalogMemo();
    const before = catalogMemoSize();
    const first = await list("?category=pants&sortBy=asc");
    // The text (and the count, a small value): not the page object beside it as well.
    expect(catalogMemoSize().largeEntries - before.largeEntries).toBe(1);
    expect(await list("?category=pants&sortBy=asc")).toEqual(first);
    expect(catalogMemoSize().largeEntries - before.largeEntries).toBe(1);
    // The shop page's loader keeps the page itself, and the API answers the same from it.
    const page = await listProducts(t.deps, shopQuerySchema.parse({ category: "pants", sortBy: "desc" }), null);
    expect(catalogMemoSize().largeEntries - before.largeEntries).toBe(2);
    expect(await list("?category=pants&sortBy=desc")).toEqual(JSON.parse(JSON.stringify(page)));
  });
});
