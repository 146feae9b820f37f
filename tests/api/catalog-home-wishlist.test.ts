/** The home data (SPEC §3 "Home response") and the wishlist. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createTestApp, type TestApp } from "../support/test-app";
import { signedIn } from "../support/factories";
import { makeBanner, makeDiscount, makeProduct } from "../support/catalog-factories";
import { collections, products } from "../../server/db/schema";
import { getHomeData, HOME_ROW_SIZE } from "../../server/modules/catalog/read/home-data";
import type { ProductDTO } from "../../server/modules/catalog/product-dto";
import { productsPerRow } from "../../app/components/home/row-layout";

let t: TestApp;
/** Each describe block has its own database: the home rows must not see the wishlist's products. */
function freshShop() {
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
}

describe("GET /api/promos-featuredproducts", () => {
  freshShop();
  it("answers rows per category and per non-empty active collection, best sellers and active banners", async () => {
    const db = t.deps.db;
    await db.update(collections).set({ active: false }).where(eq(collections.name, "gym"));
    const eid = await makeProduct(db, { name: "Eid Kaftan", category: "dresses", collection: "eid" });
    await makeProduct(db, { name: "Gym Hoodie", category: "hoodies", collection: "gym" });
    const best = await makeProduct(db, { name: "Best Seller Top", category: "tops", soldCount: 99 });
    await makeProduct(db, { name: "Pending Eid Dress", category: "dresses", collection: "eid", status: "pending" });
    await makeProduct(db, { name: "Deleted Blouse", category: "blouses", hidden: true });
    for (let i = 0; i < HOME_ROW_SIZE + 3; i++) await makeProduct(db, { name: `Skirt ${i}`, category: "skirts" });
    await makeDiscount(db, { category: "tops", discount: 15 });
    await makeBanner(db, { title: "Active slide", titleAr: "عرض نشط", active: true });
    await makeBanner(db, { title: "Inactive slide" });
    await makeBanner(db, { title: "Deleted slide", active: true, hidden: true });

    const res = await t.app.inject({ method: "GET", url: "/api/promos-featuredproducts" });
    expect(res.statusCode).toBe(200);
    const home = res.json() as {
      featuredProducts: ProductDTO[];
      bestSellingProducts: ProductDTO[];
      categoryProducts: Record<string, ProductDTO[]>;
      collections: Record<string, ProductDTO[]>;
      promos: { title: string }[];
    };

    expect(Object.keys(home.collections)).toEqual(["eid"]);
    expect(home.collections.eid!.map((p) => p._id)).toEqual([eid.id]);
    expect(Object.keys(home.categoryProducts).sort()).toEqual(["dresses", "hoodies", "skirts", "tops"]);
    expect(home.categoryProducts.skirts).toHaveLength(HOME_ROW_SIZE);
    // SPEC §2: a row of more than 10 products shows 5 side by side; the row must carry enough to say so.
    expect(productsPerRow(home.categoryProducts.skirts!.length)).toBe(5);
    // An empty category (blouses: its only product is deleted) gets no row (docs/decisions/138).
    expect(home.categoryProducts.blouses).toBeUndefined();
    expect(home.bestSellingProducts[0]!._id).toBe(best.id);
    expect(home.featuredProducts[0]!.name).toBe(`Skirt ${HOME_ROW_SIZE + 2}`);
    expect(home.bestSellingProducts[0]).toMatchObject({ name: "Best Seller Top", discount: 15 });
    expect(home.featuredProducts.length).toBeLessThanOrEqual(HOME_ROW_SIZE);
    const all = [
      ...home.featuredProducts,
      ...home.bestSellingProducts,
      ...Object.values(home.categoryProducts).flat(),
      ...Object.values(home.collections).flat(),
    ];
    expect(all.some((p) => p.name === "Pending Eid Dress" || p.name === "Deleted Blouse")).toBe(false);
    expect(home.promos.map((p) => p.title)).toEqual(["Active slide"]);

    const ar = await t.app.inject({ method: "GET", url: "/api/promos-featuredproducts", cookies: { lang: "ar" } });
    expect(ar.json().promos[0].title).toBe("عرض نشط");
  });

  it("gives the home rows as cards, in the page's order, to anyone (decision 362)", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/home-rows" });
    expect(res.statusCode).toBe(200);
    const { rows } = res.json() as { rows: { key: string; cards: Record<string, unknown>[] }[] };
    // Collections first, then featured and recommended, then the categories; empty rows left out.
    expect(rows.map((r) => r.key)).toEqual([
      "collection:eid",
      "featured",
      "recommended",
      "category:dresses",
      "category:hoodies",
      "category:skirts",
      "category:tops",
    ]);
    const home = (await t.app.inject({ method: "GET", url: "/api/promos-featuredproducts" })).json() as {
      categoryProducts: Record<string, ProductDTO[]>;
    };
    const skirts = rows.find((r) => r.key === "category:skirts")!.cards;
    expect(skirts.map((c) => c._id)).toEqual(home.categoryProducts.skirts!.map((p) => p._id));
    // A card's fields only (card-product.ts): no description, sizes or variants.
    expect(Object.keys(skirts[0]!).sort()).toEqual(
      ["_id", "name", "nameAr", "price", "discount", "totalPrice", "stock", "images", "createdAt"].sort(),
    );
    expect((skirts[0]!.images as string[]).length).toBeLessThanOrEqual(2);
  });

  it("gives empty rows on an empty shop, never an error", async () => {
    const empty = await createTestApp();
    try {
      const home = await getHomeData(empty.deps, "en");
      expect(home).toEqual({
        featuredProducts: [],
        bestSellingProducts: [],
        categoryProducts: {},
        collections: {},
        promos: [],
      });
    } finally {
      await empty.close();
    }
  });
});

describe("wishlist", () => {
  freshShop();
  it("adds, lists and removes products for a signed-in customer", async () => {
    const { headers } = await signedIn(t.deps.db, "user");
    const a = await makeProduct(t.deps.db, { name: "Wish A" });
    const b = await makeProduct(t.deps.db, { name: "Wish B" });
    for (const p of [a, b, a]) {
      const res = await t.app.inject({ method: "POST", url: "/api/wishlist", headers, payload: { productId: p.id } });
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe("Added to your wishlist");
    }
    const list = await t.app.inject({ method: "GET", url: "/api/wishlist", headers });
    expect(list.json().map((p: ProductDTO) => p.name)).toEqual(["Wish B", "Wish A"]);

    const del = await t.app.inject({ method: "DELETE", url: `/api/wishlist/${a.id}`, headers });
    expect(del.statusCode).toBe(200);
    expect(del.json().message).toBe("Removed from your wishlist");
    expect(
      (await t.app.inject({ method: "GET", url: "/api/wishlist", headers })).json().map((p: ProductDTO) => p.name),
    ).toEqual(["Wish B"]);
  });

  it("keeps each customer's wishlist their own", async () => {
    const one = await signedIn(t.deps.db, "user");
    const two = await signedIn(t.deps.db, "user");
    const p = await makeProduct(t.deps.db);
    await t.app.inject({ method: "POST", url: "/api/wishlist", headers: one.headers, payload: { productId: p.id } });
    expect((await t.app.inject({ method: "GET", url: "/api/wishlist", headers: two.headers })).json()).toEqual([]);
  });

  it("refuses unknown, pending and deleted products, and drops a product deleted later", async () => {
    const { headers } = await signedIn(t.deps.db, "user");
    const pending = await makeProduct(t.deps.db, { status: "pending" });
    for (const productId of [pending.id, "00000000-0000-4000-8000-000000000000", "x"]) {
      const res = await t.app.inject({ method: "POST", url: "/api/wishlist", headers, payload: { productId } });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe("Product not found");
    }
    const p = await makeProduct(t.deps.db);
    await t.app.inject({ method: "POST", url: "/api/wishlist", headers, payload: { productId: p.id } });
    await t.deps.db.update(products).set({ hidden: true }).where(eq(products.id, p.id));
    expect((await t.app.inject({ method: "GET", url: "/api/wishlist", headers })).json()).toEqual([]);
  });

  it("needs a signed-in user", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/wishlist" })).statusCode).toBe(401);
  });
});
