/** The demo shop seeded at first start (DESIGN.md §3): complete, bilingual, with its pictures drawn locally. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { createTestApp, type TestApp } from "../support/test-app";
import { seedDemo } from "../../server/db/seed/demo";
import { CATEGORIES } from "../../core/constants";
import { products, productVariants } from "../../server/db/schema";
import type { ProductDTO } from "../../server/modules/catalog/product-dto";

let t: TestApp;
let seconds = 0;
beforeAll(async () => {
  t = await createTestApp();
  const started = Date.now();
  await seedDemo(t.deps);
  seconds = (Date.now() - started) / 1000;
}, 120_000);
afterAll(() => t.close());

const get = async (url: string, lang = "en") => (await t.app.inject({ method: "GET", url, cookies: { lang } })).json();

describe("the demo shop", () => {
  it("has real stock per size and color: every product's stock is its pairs' sum, some pairs sold out (issue 15)", async () => {
    const all = await t.deps.db.select().from(products);
    const variants = await t.deps.db.select().from(productVariants);
    for (const p of all) {
      const mine = variants.filter((v) => v.productId === p.id);
      expect(mine.length).toBe(p.sizes.length * p.colors.length);
      expect(mine.reduce((s, v) => s + v.stock, 0)).toBe(p.stock);
    }
    const inStock = all.filter((p) => p.stock > 0 && p.status === "approved");
    const withSoldOutPair = inStock.filter((p) => variants.some((v) => v.productId === p.id && v.stock === 0));
    expect(withSoldOutPair.length).toBeGreaterThan(5);
    expect(withSoldOutPair.length).toBeLessThan(inStock.length);
  });

  it("has at least 60 approved products across all ten categories, and a few pending ones", async () => {
    const all = await t.deps.db.select().from(products);
    const approved = all.filter((p) => p.status === "approved");
    expect(approved.length).toBeGreaterThanOrEqual(60);
    expect(new Set(approved.map((p) => p.category))).toEqual(new Set(CATEGORIES));
    expect(all.filter((p) => p.status === "pending").length).toBeGreaterThanOrEqual(3);
    expect((await get("/api/products?limit=1")).metadata.total).toBe(approved.length);
  });

  it("writes every product in English and Arabic, with varied sizes, colours and stock", async () => {
    const { products: list } = (await get("/api/products?limit=100")) as { products: ProductDTO[] };
    for (const p of list) {
      expect(p.nameAr).toMatch(/[\u0600-\u06FF]/);
      expect(p.descriptionAr).toMatch(/[\u0600-\u06FF]/);
      expect(p.specificationsAr.length).toBe(p.specifications.length);
      expect(p.images).toHaveLength(2);
      expect(p.sizes.length).toBeGreaterThan(0);
    }
    expect(list.filter((p) => p.stock === 0).length).toBeGreaterThanOrEqual(3);
    expect(list.filter((p) => p.collection).length).toBeGreaterThan(30);
    expect(new Set(list.flatMap((p) => p.sizes)).size).toBeGreaterThanOrEqual(6);
  });

  it("has discounts, one with free shipping, and a bulk-priced item", async () => {
    const { products: discounted } = (await get("/api/products?discount=true&limit=100")) as { products: ProductDTO[] };
    expect(discounted.length).toBeGreaterThan(5);
    expect(discounted.some((p) => p.freeShipping)).toBe(true);
    const [tee] = (await get("/api/products?search=basic%20cotton%20tee")).products as ProductDTO[];
    expect(tee).toMatchObject({ bulkDiscountminQuantity: 3, bulkDiscount: 750, price: 300 });
  });

  it("draws every picture as WebP at 400, 800 and 1600 px", async () => {
    const { products: list } = (await get("/api/products?limit=100")) as { products: ProductDTO[] };
    const home = await get("/api/promos-featuredproducts");
    const urls = new Set([...list.flatMap((p) => p.images), ...home.promos.map((b: { image: string }) => b.image)]);
    for (const url of urls) {
      for (const w of [400, 800, 1600]) {
        const file = path.join(t.config.uploadsDir, path.basename(url).replace("-800.webp", `-${w}.webp`));
        expect(fs.existsSync(file), file).toBe(true);
      }
    }
    const sample = [...urls][0]!;
    const meta = await sharp(fs.readFileSync(path.join(t.config.uploadsDir, path.basename(sample)))).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 800 });
  });

  it("shows three active hero slides and three headlines in both languages, and six reviews", async () => {
    const home = await get("/api/promos-featuredproducts");
    expect(home.promos).toHaveLength(3);
    expect((await get("/api/promos-featuredproducts", "ar")).promos[0].title).toMatch(/[\u0600-\u06FF]/);
    expect(await get("/api/headlines/active")).toHaveLength(3);
    expect((await get("/api/headlines/active", "ar"))[0].title).toMatch(/[\u0600-\u06FF]/);
    expect(await get("/api/posts")).toHaveLength(6);
    expect(Object.keys(home.categoryProducts)).toHaveLength(10);
    expect(Object.keys(home.collections).length).toBeGreaterThanOrEqual(10);
  });

  it("seeds in a few seconds", () => {
    console.info(`demo seed took ${seconds.toFixed(1)} s`);
    expect(seconds).toBeLessThan(30);
  });
});
