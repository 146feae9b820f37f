/** The product life cycle of SPEC §4 through the API: create, pending, approve, edit, delete, restore. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { createTestApp, type TestApp } from "../support/test-app";
import { signedIn } from "../support/factories";
import { makeProduct, productBody } from "../support/catalog-factories";
import { auditLog, products } from "../../server/db/schema";

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
let moderator: Awaited<ReturnType<typeof signedIn>>;
let customer: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t.deps.db, "admin");
  moderator = await signedIn(t.deps.db, "moderator");
  customer = await signedIn(t.deps.db, "user");
});
afterAll(() => t.close());

const inject = (method: string, url: string, headers: Record<string, string> = {}, payload?: unknown) =>
  t.app.inject({ method: method as "GET", url, headers, payload: payload as object });

const auditActions = async (targetId: string) =>
  (await t.deps.db.select().from(auditLog).where(eq(auditLog.targetId, targetId))).map((r) => r.action);

describe("GET /api/products/{id}", () => {
  it("answers the product JSON with EGP prices", async () => {
    const p = await makeProduct(t.deps.db, { price: 123_450, bulkDiscountminQuantity: 3, bulkDiscount: 300_000 });
    const res = await inject("GET", `/api/products/${p.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      _id: p.id,
      price: 1234.5,
      totalPrice: 1234.5,
      discount: 0,
      bulkDiscountminQuantity: 3,
      bulkDiscount: 3000,
      status: "approved",
      hidden: false,
    });
  });

  it("answers 404 'Product not found' for an unknown or malformed id, in English and Arabic", async () => {
    for (const id of ["00000000-0000-4000-8000-000000000000", "not-an-id", "1;drop table products"]) {
      const res = await inject("GET", `/api/products/${encodeURIComponent(id)}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe("Product not found");
    }
    const ar = await t.app.inject({ method: "GET", url: "/api/products/nope", cookies: { lang: "ar" } });
    expect(ar.json().message).toBe("المنتج غير موجود");
  });

  it("hides pending and deleted products from customers and guests, not from staff", async () => {
    const pending = await makeProduct(t.deps.db, { status: "pending" });
    const deleted = await makeProduct(t.deps.db, { hidden: true });
    for (const p of [pending, deleted]) {
      expect((await inject("GET", `/api/products/${p.id}`)).statusCode).toBe(404);
      expect((await inject("GET", `/api/products/${p.id}`, customer.headers)).statusCode).toBe(404);
      expect((await inject("GET", `/api/products/${p.id}`, moderator.headers)).statusCode).toBe(200);
    }
  });
});

describe("POST /api/products", () => {
  it("publishes an admin's product at once", async () => {
    const res = await inject("POST", "/api/products", admin.headers, productBody({ name: "Admin Dress" }));
    expect(res.statusCode, res.body).toBe(201);
    const { product, message } = res.json();
    expect(message).toBe("Product created successfully");
    expect(product).toMatchObject({ name: "Admin Dress", status: "approved", price: 850, totalPrice: 850, stock: 12 });
    expect((await inject("GET", `/api/products/${product._id}`)).statusCode).toBe(200);
    expect(await auditActions(product._id)).toEqual(["product.create"]);
  });

  it("keeps a moderator's product pending, away from the shop", async () => {
    const res = await inject("POST", "/api/products", moderator.headers, productBody({ name: "Moderator Skirt" }));
    expect(res.statusCode).toBe(201);
    expect(res.json().product.status).toBe("pending");
    expect(res.json().message).toBe("Product submitted for approval");
    const shop = await inject("GET", "/api/products?search=Moderator%20Skirt");
    expect(shop.json().products).toEqual([]);
  });

  it("refuses customers", async () => {
    expect((await inject("POST", "/api/products", customer.headers, productBody())).statusCode).toBe(403);
  });

  it("stores bulk pricing in piastres and drops empty entries", async () => {
    const res = await inject(
      "POST",
      "/api/products",
      admin.headers,
      productBody({
        bulkDiscountminQuantity: 3,
        bulkDiscount: "1200.50",
        colors: ["#111111", "", "  "],
        specifications: ["", "Cotton"],
        sizes: ["M", ""],
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const { product } = res.json();
    expect(product).toMatchObject({
      bulkDiscountminQuantity: 3,
      bulkDiscount: 1200.5,
      colors: ["#111111"],
      specifications: ["Cotton"],
      sizes: ["M"],
    });
    const [row] = await t.deps.db.select().from(products).where(eq(products.id, product._id));
    expect(row!.bulkDiscount).toBe(120_050);
  });

  it("refuses images that were not uploaded to the shop", async () => {
    const res = await inject(
      "POST",
      "/api/products",
      admin.headers,
      productBody({ images: ["https://evil.example/x.png"] }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("Choose images uploaded to the shop");
  });

  it("refuses a code another product uses", async () => {
    const body = productBody();
    expect((await inject("POST", "/api/products", admin.headers, body)).statusCode).toBe(201);
    const again = await inject("POST", "/api/products", admin.headers, { ...body, name: "Another" });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("Another product already uses this code");
  });

  const cases: [string, Record<string, unknown>, string, string][] = [
    ["a blank name", { name: "  " }, "Name is required", "الاسم مطلوب"],
    ["no code", { code: "" }, "Code is required", "الكود مطلوب"],
    ["no category", { category: "" }, "Category is required", "الفئة مطلوبة"],
    ["a zero price", { price: 0 }, "Price must be greater than 0", "يجب أن يكون السعر أكبر من 0"],
    ["a negative stock", { stock: -1 }, "Stock cannot be negative", "لا يمكن أن يكون المخزون سالبًا"],
    ["no description", { description: "" }, "Description is required", "الوصف مطلوب"],
    ["no image", { images: [] }, "At least one image is required", "صورة واحدة على الأقل مطلوبة"],
    [
      "six images",
      { images: Array(6).fill("/uploads/x-800.webp") },
      "Maximum of 5 images allowed",
      "الحد الأقصى 5 صور",
    ],
    ["no colour", { colors: ["", " "] }, "At least one color is required", "لون واحد على الأقل مطلوب"],
    ["no size", { sizes: [] }, "At least one size is required", "مقاس واحد على الأقل مطلوب"],
    ["a repeated size", { sizes: ["M", "M"] }, "Each size can be chosen only once", "لا يمكن اختيار المقاس نفسه مرتين"],
    [
      "a bulk quantity without a price",
      { bulkDiscountminQuantity: 3 },
      "Bulk price is required when a bulk quantity is set",
      "سعر الجملة مطلوب عند تحديد كمية الجملة",
    ],
    [
      "a bulk price without a quantity",
      { bulkDiscount: 100 },
      "Bulk quantity is required when a bulk price is set",
      "كمية الجملة مطلوبة عند تحديد سعر الجملة",
    ],
    [
      "a zero bulk quantity",
      { bulkDiscountminQuantity: 0, bulkDiscount: 100 },
      "Bulk quantity must be greater than 0",
      "يجب أن تكون كمية الجملة أكبر من 0",
    ],
    [
      "a zero bulk price",
      { bulkDiscountminQuantity: 2, bulkDiscount: 0 },
      "Bulk price must be greater than 0",
      "يجب أن يكون سعر الجملة أكبر من 0",
    ],
  ];
  it.each(cases)("refuses %s with the spec's message in both languages", async (_what, change, en, ar) => {
    const body = productBody(change);
    const res = await inject("POST", "/api/products", admin.headers, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(en);
    const resAr = await t.app.inject({
      method: "POST",
      url: "/api/products",
      headers: admin.headers,
      cookies: { lang: "ar" },
      payload: body,
    });
    expect(resAr.json().message).toBe(ar);
  });
});

describe("a product with several mistakes", () => {
  // An unchosen category (the empty form) is a type failure, after which zod skips refinements by default.
  it("names the unpaired bulk field together with the other fields' messages", async () => {
    const res = await inject(
      "POST",
      "/api/products",
      admin.headers,
      productBody({ name: "", category: "", price: 0, bulkDiscountminQuantity: 3 }),
    );
    expect(res.statusCode).toBe(400);
    const paths = (res.json().errors as { path: string; message: string }[]).map((e) => e.path);
    expect(paths).toEqual(expect.arrayContaining(["name", "category", "price", "bulkDiscount"]));
    expect(res.json().errors).toContainEqual({
      path: "bulkDiscount",
      message: "Bulk price is required when a bulk quantity is set",
    });
  });

  it("does not pair a bulk field that is itself wrong, nor a body that is no object", async () => {
    const wrong = await inject(
      "POST",
      "/api/products",
      admin.headers,
      productBody({ name: "", bulkDiscountminQuantity: "many" }),
    );
    expect(wrong.statusCode).toBe(400);
    const paths = (wrong.json().errors as { path: string }[]).map((e) => e.path);
    expect(paths).toContain("bulkDiscountminQuantity");
    expect(paths).not.toContain("bulkDiscount");
    const notObject = await t.app.inject({
      method: "POST",
      url: "/api/products",
      headers: { ...admin.headers, "content-type": "application/json" },
      payload: "null",
    });
    expect(notObject.statusCode).toBe(400);
  });
});

describe("PUT /api/products/{id}", () => {
  it("lets staff edit a product without an image change and keeps its state", async () => {
    const p = await makeProduct(t.deps.db, { status: "pending" });
    const res = await inject(
      "PUT",
      `/api/products/${p.id}`,
      moderator.headers,
      productBody({ name: "Renamed", images: [], price: 99.99 }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().product).toMatchObject({ name: "Renamed", price: 99.99, status: "pending", images: [] });
    expect(await auditActions(p.id)).toContain("product.update");
  });

  it("answers 404 for an unknown product", async () => {
    const res = await inject("PUT", "/api/products/00000000-0000-4000-8000-000000000000", admin.headers, productBody());
    expect(res.statusCode).toBe(404);
  });
});

describe("delete and restore", () => {
  it("hides a deleted product from the shop; an admin restores it", async () => {
    const p = await makeProduct(t.deps.db, { name: "Soon Gone Jacket" });
    const del = await inject("DELETE", `/api/products/${p.id}`, moderator.headers);
    expect(del.statusCode).toBe(200);
    expect(del.json().message).toBe("Product deleted successfully");
    expect((await inject("GET", `/api/products/${p.id}`)).statusCode).toBe(404);
    expect((await inject("PUT", `/api/products/${p.id}/restore`, moderator.headers)).statusCode).toBe(403);
    const res = await inject("PUT", `/api/products/${p.id}/restore`, admin.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe("Product restored successfully");
    expect((await inject("GET", `/api/products/${p.id}`)).statusCode).toBe(200);
    expect(await auditActions(p.id)).toEqual(expect.arrayContaining(["product.delete", "product.restore"]));
  });
});

describe("pending products (admin)", () => {
  it("lists pending products with search and paging, approves one, then all", async () => {
    const a = await makeProduct(t.deps.db, { name: "Pending Alpha Top", status: "pending" });
    const b = await makeProduct(t.deps.db, { name: "Pending Beta Top", status: "pending" });
    expect((await inject("GET", "/api/products/pending", moderator.headers)).statusCode).toBe(403);

    const list = await inject("GET", "/api/products/pending?searchTerm=alpha", admin.headers);
    expect(list.statusCode).toBe(200);
    expect(list.json().products.map((p: { _id: string }) => p._id)).toEqual([a.id]);
    expect(list.json().totalPages).toBe(1);

    const one = await inject("PUT", `/api/products/pending/${a.id}`, admin.headers);
    expect(one.statusCode).toBe(200);
    expect(one.json().message).toBe("Product approved successfully");
    expect((await inject("GET", `/api/products/${a.id}`)).statusCode).toBe(200);
    expect((await inject("PUT", `/api/products/pending/${a.id}`, admin.headers)).statusCode).toBe(409);

    const all = await inject("PUT", "/api/products/pending", admin.headers);
    expect(all.statusCode).toBe(200);
    expect(all.json().count).toBeGreaterThanOrEqual(1);
    expect((await inject("GET", `/api/products/${b.id}`)).statusCode).toBe(200);
    const left = await t.deps.db
      .select()
      .from(products)
      .where(and(eq(products.status, "pending"), eq(products.hidden, false)));
    expect(left).toEqual([]);
    expect(await auditActions(a.id)).toContain("product.approve");
  });
});

describe("the product form's auto-generated code", () => {
  it("is the uppercased initials of the name's words, a dash and a 5-digit number", async () => {
    const { generateProductCode } = await import("../../core/validation/product");
    expect(generateProductCode("linen midi dress", () => 0)).toBe("LMD-10000");
    expect(generateProductCode("  Satin   evening gown ", () => 0.99999)).toBe("SEG-99999");
    expect(generateProductCode("فستان سهرة", () => 0.5)).toMatch(/^فس-\d{5}$/);
  });
});
