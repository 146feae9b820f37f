/**
 * Discounts (SPEC §7, DESIGN.md §5): the largest active discount over product, category and
 * collection is the product's; free shipping from any of them; bulk sets per core/pricing.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createTestApp, type TestApp } from "../support/test-app";
import { signedIn } from "../support/factories";
import { makeProduct } from "../support/catalog-factories";
import { auditLog, products } from "../../server/db/schema";
import { applyPercent, lineTotal } from "../../core/pricing";
import { refreshProductPricing } from "../../server/modules/catalog/refresh-pricing";
import type { ProductDTO } from "../../server/modules/catalog/product-dto";

let t: TestApp;
let staff: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  t = await createTestApp();
  staff = await signedIn(t.deps.db, "moderator");
});
afterAll(() => t.close());

const post = (payload: object, headers = staff.headers, lang = "en") =>
  t.app.inject({ method: "POST", url: "/api/discounts", headers, cookies: { lang }, payload });
const product = async (id: string) =>
  (await t.app.inject({ method: "GET", url: `/api/products/${id}` })).json() as ProductDTO;

describe("discount arithmetic, worked examples", () => {
  it("takes the largest of the product, category and collection discounts", async () => {
    // 1,000 EGP cardigan in winter: category 10%, collection 25%, product 15% → 25% → 750 EGP.
    const p = await makeProduct(t.deps.db, { category: "cardigans", collection: "winter", price: 100_000 });
    expect((await post({ category: "cardigans", discount: 10 })).statusCode).toBe(201);
    expect(await product(p.id)).toMatchObject({ discount: 10, totalPrice: 900 });
    expect((await post({ collectionName: "winter", discount: 25 })).statusCode).toBe(201);
    expect((await post({ productId: p.id, discount: 15 })).statusCode).toBe(201);
    expect(await product(p.id)).toMatchObject({ price: 1000, discount: 25, totalPrice: 750 });

    // Removing the collection's 25% leaves the product's 15%: 850 EGP.
    const del = await t.app.inject({
      method: "DELETE",
      url: "/api/discounts/collection/winter",
      headers: staff.headers,
    });
    expect(del.statusCode).toBe(200);
    expect(del.json().message).toBe("Discount removed");
    expect(await product(p.id)).toMatchObject({ discount: 15, totalPrice: 850 });
    await t.app.inject({ method: "DELETE", url: `/api/discounts/product/${p.id}`, headers: staff.headers });
    await t.app.inject({ method: "DELETE", url: "/api/discounts/category/cardigans", headers: staff.headers });
    expect(await product(p.id)).toMatchObject({ discount: 0, totalPrice: 1000 });
  });

  it("rounds to the nearest piastre exactly as core/pricing does", async () => {
    // 9.99 EGP at 33% off = 6.6933 → 6.69 EGP; 0.05 EGP at 50% = 0.025 → 0.03 EGP (half up).
    const a = await makeProduct(t.deps.db, { category: "tops", price: 999 });
    const b = await makeProduct(t.deps.db, { category: "tops", price: 5 });
    await post({ category: "tops", discount: 33 });
    expect((await product(a.id)).totalPrice).toBe(6.69);
    await post({ category: "tops", discount: 50 });
    expect((await product(b.id)).totalPrice).toBe(0.03);
    for (const price of [1, 7, 999, 12_345, 99_999]) {
      for (const pct of [0, 1, 33, 50, 67, 99, 100]) {
        await t.deps.db.update(products).set({ price }).where(eq(products.id, a.id));
        await post({ productId: a.id, discount: pct });
        const [row] = await t.deps.db.select().from(products).where(eq(products.id, a.id));
        expect(row!.totalPrice, `${price} at ${Math.max(pct, 50)}%`).toBe(applyPercent(price, Math.max(pct, 50)));
      }
    }
    await t.app.inject({ method: "DELETE", url: "/api/discounts/category/tops", headers: staff.headers });
  });

  it("makes shipping free when any applicable active discount has free shipping", async () => {
    const p = await makeProduct(t.deps.db, { category: "jackets", collection: "autumn", price: 200_000 });
    await post({ category: "jackets", discount: 30 });
    await post({ collectionName: "autumn", discount: 5, hasShipping: true });
    expect(await product(p.id)).toMatchObject({ discount: 30, totalPrice: 1400, freeShipping: true });
    await t.app.inject({ method: "DELETE", url: "/api/discounts/collection/autumn", headers: staff.headers });
    expect((await product(p.id)).freeShipping).toBe(false);
  });

  it("prices a new product by the discounts already in force", async () => {
    await post({ category: "hoodies", discount: 20 });
    const admin = await signedIn(t.deps.db, "admin");
    const res = await t.app.inject({
      method: "POST",
      url: "/api/products",
      headers: admin.headers,
      payload: {
        name: "Zip Hoodie",
        code: "ZH-11111",
        description: "Warm",
        category: "hoodies",
        price: 600,
        stock: 3,
        images: ["/uploads/h-800.webp"],
        sizes: ["M"],
        colors: ["#333333"],
      },
    });
    expect(res.json().product).toMatchObject({ price: 600, discount: 20, totalPrice: 480 });
  });

  it("prices bulk sets with the discount applied to the set price too", async () => {
    // 3 for 1,200 EGP, unit 500 EGP, 10% off: set 1,080, unit 450.
    // 7 pieces = 2 sets + 1 piece = 2,160 + 450 = 2,610 EGP; 2 pieces = 900 EGP.
    const p = await makeProduct(t.deps.db, {
      category: "pants",
      price: 50_000,
      bulkDiscountminQuantity: 3,
      bulkDiscount: 120_000,
    });
    await post({ productId: p.id, discount: 10 });
    const [row] = await t.deps.db.select().from(products).where(eq(products.id, p.id));
    const item = {
      price: row!.price,
      discount: row!.discount,
      bulkDiscountminQuantity: row!.bulkDiscountminQuantity,
      bulkDiscount: row!.bulkDiscount,
    };
    expect(lineTotal(item, 7)).toBe(261_000);
    expect(lineTotal(item, 6)).toBe(216_000);
    expect(lineTotal(item, 2)).toBe(90_000);
    expect(await product(p.id)).toMatchObject({ bulkDiscountminQuantity: 3, bulkDiscount: 1200, totalPrice: 450 });
  });

  it("recomputes every product on a full refresh without changing correct ones", async () => {
    const p = await makeProduct(t.deps.db, { category: "skirts", price: 10_000 });
    await t.deps.db.update(products).set({ totalPrice: 1, discount: 99 }).where(eq(products.id, p.id));
    await refreshProductPricing(t.deps.db, { all: true });
    expect(await product(p.id)).toMatchObject({ discount: 0, totalPrice: 100 });
  });
});

describe("the discounts API", () => {
  it("reads a target's discount, 404 when it has none", async () => {
    await post({ category: "blouses", discount: 12, hasShipping: true });
    const res = await t.app.inject({ method: "GET", url: "/api/discounts/category/blouses", headers: staff.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      discount: 12,
      hasShipping: true,
      active: true,
      category: "blouses",
      collectionName: null,
      productId: null,
    });
    const none = await t.app.inject({
      method: "GET",
      url: "/api/discounts/collection/wedding",
      headers: staff.headers,
    });
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe("No discount found");
    for (const url of ["/api/discounts/category/shoes", "/api/discounts/product/nope", "/api/discounts/widget/x"]) {
      expect((await t.app.inject({ method: "GET", url, headers: staff.headers })).statusCode).toBeGreaterThanOrEqual(
        400,
      );
    }
  });

  it("replaces a target's discount instead of adding a second", async () => {
    await post({ category: "chemises", discount: 5 });
    await post({ category: "chemises", discount: 40 });
    const all = await t.app.inject({ method: "GET", url: "/api/alldiscounts", headers: staff.headers });
    const chemises = all.json().discounts.filter((d: { category: string }) => d.category === "chemises");
    expect(chemises).toHaveLength(1);
    expect(chemises[0].discount).toBe(40);
  });

  it("lists every discount with the product's name in both languages", async () => {
    const p = await makeProduct(t.deps.db, {
      name: "Named Sweatshirt",
      nameAr: "سويتشيرت مسمى",
      category: "sweatshirts",
    });
    const saved = await post({ productId: p.id, discount: 7 });
    expect(saved.json().discount).toMatchObject({ productName: "Named Sweatshirt", productNameAr: "سويتشيرت مسمى" });
    const all = (await t.app.inject({ method: "GET", url: "/api/alldiscounts", headers: staff.headers })).json()
      .discounts;
    // The Arabic name too, for the Arabic discounts screen.
    expect(all.find((d: { productId: string }) => d.productId === p.id)).toMatchObject({
      productName: "Named Sweatshirt",
      productNameAr: "سويتشيرت مسمى",
      discount: 7,
    });
  });

  it("writes an audit row for every change", async () => {
    await post({ collectionName: "party", discount: 9 });
    await t.app.inject({ method: "DELETE", url: "/api/discounts/collection/party", headers: staff.headers });
    const rows = await t.deps.db.select().from(auditLog).where(eq(auditLog.targetId, "party"));
    expect(rows.map((r) => r.action)).toEqual(expect.arrayContaining(["discount.save", "discount.remove"]));
    expect(rows[0]!.actorEmail).toBe(staff.user.email);
  });

  it("answers 404 when removing a discount that does not exist", async () => {
    const res = await t.app.inject({
      method: "DELETE",
      url: "/api/discounts/category/dresses",
      headers: staff.headers,
    });
    expect(res.statusCode).toBe(404);
  });

  const invalid: [string, object, string, string][] = [
    [
      "a discount over 100",
      { category: "tops", discount: 101 },
      "Discount must be between 0 and 100",
      "يجب أن يكون الخصم بين 0 و 100",
    ],
    [
      "a negative discount",
      { category: "tops", discount: -1 },
      "Discount must be between 0 and 100",
      "يجب أن يكون الخصم بين 0 و 100",
    ],
    ["an unknown category", { category: "shoes", discount: 10 }, "Category is required", "الفئة مطلوبة"],
    ["an unknown collection", { collectionName: "x", discount: 10 }, "Collection is required", "المجموعة مطلوبة"],
    ["a malformed product", { productId: "x", discount: 10 }, "Product is required", "المنتج مطلوب"],
    // SPEC §5: a missing target answers the form's own message (docs/decisions/136).
    ["a blank category", { category: "", discount: 10 }, "Category is required", "الفئة مطلوبة"],
    ["a blank collection", { collectionName: "", discount: 10 }, "Collection is required", "المجموعة مطلوبة"],
    ["a blank product", { productId: "", discount: 10 }, "Product is required", "المنتج مطلوب"],
    ["no target", { discount: 10 }, "Category is required", "الفئة مطلوبة"],
    [
      "two targets",
      { category: "tops", collectionName: "eid", discount: 10 },
      "Choose one category, collection or product",
      "اختاري فئة أو مجموعة أو منتجًا واحدًا",
    ],
  ];
  it.each(invalid)("refuses %s in both languages", async (_what, body, en, ar) => {
    const res = await post(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(en);
    expect((await post(body, staff.headers, "ar")).json().message).toBe(ar);
  });

  it("answers 404 for a product that does not exist", async () => {
    const res = await post({ productId: "00000000-0000-4000-8000-000000000000", discount: 10 });
    expect(res.statusCode).toBe(404);
  });

  it("is for staff only", async () => {
    const customer = await signedIn(t.deps.db, "user");
    expect((await post({ category: "tops", discount: 10 }, customer.headers)).statusCode).toBe(403);
    expect((await t.app.inject({ method: "GET", url: "/api/alldiscounts" })).statusCode).toBe(401);
  });
});
