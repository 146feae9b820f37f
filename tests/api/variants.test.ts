/**
 * Issue 15: stock per size and colour. A product has one variant per pair it offers, each with its
 * own stock and SKU; everything that takes or returns stock does it per variant (decision 230).
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, inArray, sql } from "drizzle-orm";
import { createTestApp, onPostgres, type TestApp } from "../support/test-app";
import { signedIn } from "../support/factories";
import { productBody } from "../support/catalog-factories";
import { makeProduct, orderPayload } from "../support/order-factories";
import { multipartFile } from "../support/multipart";
import { parseCsv } from "../../server/modules/back-office/csv";
import { products, productVariants } from "../../server/db/schema";
import { on } from "../../server/events";

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
let customer: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_SCALE: "100" } });
  admin = await signedIn(t.deps.db, "admin");
  customer = await signedIn(t.deps.db, "user");
});
afterAll(() => t.close());

const api = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object, cookie = admin.cookie) =>
  t.app.inject({ method, url, payload, headers: { cookie } });
const guestOrder = (lines: { productId: string; quantity: number; size?: string; color?: string }[]) =>
  api("POST", "/api/order/guest", orderPayload(lines), "");
const BLACK = "#000000";
const WHITE = "#ffffff";

async function variantsOf(productId: string) {
  const rows = await t.deps.db.select().from(productVariants).where(eq(productVariants.productId, productId));
  return Object.fromEntries(rows.map((v) => [`${v.size} ${v.color}`, v.stock]));
}
async function totalOf(productId: string) {
  return (await t.deps.db.select({ stock: products.stock }).from(products).where(eq(products.id, productId)))[0]!.stock;
}
/** "variant.restocked" events heard while `run` runs. */
async function restocksDuring(run: () => Promise<unknown>) {
  const heard: { productId: string; size: string; color: string }[] = [];
  const off = on("variant.restocked", (e) => heard.push(e));
  try {
    await run();
  } finally {
    off();
  }
  return heard;
}

describe("the product JSON and its saves", () => {
  it("creates a product from variants: stock is their sum, SKUs default to code-size-color", async () => {
    const body = productBody({
      code: "VAR-1",
      sizes: ["S", "M"],
      colors: [BLACK, WHITE],
      stock: undefined,
      variants: [
        { size: "S", color: BLACK, stock: 2 },
        { size: "M", color: BLACK, stock: 0 },
        { size: "M", color: WHITE, stock: 5, sku: "VAR-1-MW" },
      ],
    });
    const res = await api("POST", "/api/products", body);
    expect(res.statusCode, res.body).toBe(201);
    const p = res.json().product;
    expect(p.stock).toBe(7);
    expect(p.sizes).toEqual(["S", "M"]);
    expect(p.variants).toEqual([
      { size: "S", color: BLACK, sku: "VAR-1-S-000000", stock: 2 },
      { size: "S", color: WHITE, sku: "VAR-1-S-FFFFFF", stock: 0 },
      { size: "M", color: BLACK, sku: "VAR-1-M-000000", stock: 0 },
      { size: "M", color: WHITE, sku: "VAR-1-MW", stock: 5 },
    ]);
    const read = (await api("GET", `/api/products/${p._id}`)).json();
    expect(read.variants).toEqual(p.variants);
    const listed = (await api("GET", "/api/products?search=VAR-1")).json().products[0];
    expect(listed.variants).toEqual(p.variants);
  });

  it("spreads a payload's stock over the pairs when it has no variants, and keeps them when the total is unchanged", async () => {
    const res = await api("POST", "/api/products", productBody({ sizes: ["S", "M", "L"], colors: [BLACK], stock: 10 }));
    const p = res.json().product;
    expect(p.variants.map((v: { stock: number }) => v.stock)).toEqual([4, 3, 3]);
    const edited = productBody({
      code: p.code,
      sizes: ["S", "M", "L"],
      colors: [BLACK],
      variants: [
        { size: "L", color: BLACK, stock: 0 },
        { size: "S", color: BLACK, stock: 9 },
      ],
    });
    const withPairs = (await api("PUT", `/api/products/${p._id}`, edited)).json().product;
    // A pair the payload leaves out (M) keeps its stock.
    expect(withPairs.variants.map((v: { stock: number }) => v.stock)).toEqual([9, 3, 0]);
    // Today's payload with the same total: nothing moves.
    const same = (
      await api(
        "PUT",
        `/api/products/${p._id}`,
        productBody({ code: p.code, sizes: ["S", "M", "L"], colors: [BLACK], stock: 12 }),
      )
    ).json().product;
    expect(same.variants.map((v: { stock: number }) => v.stock)).toEqual([9, 3, 0]);
    // Another total: spread again; a removed size's pairs go.
    const spread = (
      await api(
        "PUT",
        `/api/products/${p._id}`,
        productBody({ code: p.code, sizes: ["S", "M"], colors: [BLACK], stock: 5 }),
      )
    ).json().product;
    expect(spread.variants.map((v: { size: string; stock: number }) => [v.size, v.stock])).toEqual([
      ["S", 3],
      ["M", 2],
    ]);
    expect(spread.stock).toBe(5);
  });

  it("refuses a pair the product does not offer, a pair twice, and an SKU another product uses", async () => {
    const pairs = (variants: object[], extra: object = {}) =>
      api(
        "POST",
        "/api/products",
        productBody({ sizes: ["M"], colors: [BLACK], stock: undefined, variants, ...extra }),
      );
    const unknown = await pairs([{ size: "XL", color: BLACK, stock: 1 }]);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe("Each stock line must be one of the product's sizes and colors");
    const twice = await pairs([
      { size: "M", color: BLACK, stock: 1 },
      { size: "M", color: "#000000", stock: 2 },
    ]);
    expect(twice.statusCode).toBe(400);
    const taken = await pairs([{ size: "M", color: BLACK, stock: 1, sku: "VAR-1-MW" }]);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe("The SKU VAR-1-MW is already used by another product");
    const huge = await pairs([{ size: "M".repeat(10_000), color: BLACK, stock: 1 }]);
    expect(huge.statusCode).toBe(400);
    const neither = await pairs(undefined as unknown as object[]);
    expect(neither.statusCode).toBe(400);
  });

  it("refuses a stale variant (previousStock) with 409 and the variants as they are now; writes nothing", async () => {
    const p = await makeProduct(t.deps.db, {
      sizes: ["S", "M"],
      colors: [BLACK],
      variants: [
        { size: "S", color: BLACK, stock: 4 },
        { size: "M", color: BLACK, stock: 2 },
      ],
    });
    expect((await guestOrder([{ productId: p.id, quantity: 1, size: "M" }])).statusCode).toBe(201);
    const body = productBody({
      code: p.code,
      sizes: ["S", "M"],
      colors: [BLACK],
      variants: [
        { size: "S", color: BLACK, stock: 10, previousStock: 4 },
        { size: "M", color: BLACK, stock: 10, previousStock: 2 },
      ],
    });
    const stale = await api("PUT", `/api/products/${p.id}`, body);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(
      "The stock of M / #000000 changed to 1 since this form was opened (orders or another edit). Check it and save again.",
    );
    expect(stale.json().variants).toContainEqual(expect.objectContaining({ size: "M", stock: 1 }));
    expect(await variantsOf(p.id)).toEqual({ "S #000000": 4, "M #000000": 1 });
    const fresh = await api("PUT", `/api/products/${p.id}`, {
      ...body,
      variants: [{ size: "M", color: BLACK, stock: 10, previousStock: 1 }],
    });
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(fresh.json().product.stock).toBe(14);
  });

  it("tells listeners when a staff edit brings a sold-out pair back, after the save", async () => {
    const p = await makeProduct(t.deps.db, {
      sizes: ["M"],
      colors: [BLACK, WHITE],
      variants: [{ size: "M", color: BLACK, stock: 3 }],
    });
    const heard = await restocksDuring(() =>
      api(
        "PUT",
        `/api/products/${p.id}`,
        productBody({
          code: p.code,
          sizes: ["M"],
          colors: [BLACK, WHITE],
          variants: [
            { size: "M", color: WHITE, stock: 2 },
            { size: "M", color: BLACK, stock: 5 },
          ],
        }),
      ),
    );
    expect(heard).toEqual([{ productId: p.id, size: "M", color: WHITE }]);
  });
});

describe("cart and orders take stock per variant", () => {
  it("refuses a sold-out pair in the cart while another pair has stock, and counts the pair in 'Only {n} left'", async () => {
    const p = await makeProduct(t.deps.db, {
      sizes: ["S", "M"],
      colors: [BLACK],
      variants: [
        { size: "S", color: BLACK, stock: 0 },
        { size: "M", color: BLACK, stock: 2 },
      ],
    });
    const add = (size: string, quantity: number) =>
      api("POST", "/api/cart", { productId: p.id, quantity, size, color: BLACK }, customer.cookie);
    const soldOut = await add("S", 1);
    expect(soldOut.statusCode).toBe(400);
    expect(soldOut.json().message).toBe("This item is out of stock");
    expect((await add("M", 1)).statusCode).toBe(200);
    const over = await add("M", 2);
    expect(over.json().message).toBe("Cannot add more items. Only 2 items left in stock, you already have 1 in cart.");
    await api("DELETE", "/api/cart/clear", undefined, customer.cookie);
  });

  it("answers 409 'This item is out of stock' for an order of a sold-out pair, even when other pairs have stock", async () => {
    const p = await makeProduct(t.deps.db, {
      sizes: ["S", "M"],
      colors: [BLACK],
      variants: [
        { size: "S", color: BLACK, stock: 0 },
        { size: "M", color: BLACK, stock: 5 },
      ],
    });
    const res = await guestOrder([{ productId: p.id, quantity: 1, size: "S" }]);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: "This item is out of stock", size: "S", color: BLACK, stock: 0 });
    const tooMany = await guestOrder([{ productId: p.id, quantity: 6, size: "M" }]);
    expect(tooMany.json().message).toBe("Only 5 items available in total");
    expect(await variantsOf(p.id)).toEqual({ "S #000000": 0, "M #000000": 5 });
  });

  it("takes a signed-in order from its pairs, returns them on cancel (with an event), and takes them again when staff reopen it", async () => {
    const moderator = await signedIn(t.deps.db, "moderator");
    const p = await makeProduct(t.deps.db, {
      sizes: ["S", "M"],
      colors: [BLACK, WHITE],
      variants: [
        { size: "S", color: WHITE, stock: 2 },
        { size: "M", color: BLACK, stock: 3 },
      ],
    });
    const placed = await api(
      "POST",
      "/api/order",
      orderPayload([
        { productId: p.id, quantity: 2, size: "S", color: "#FFFFFF" },
        { productId: p.id, quantity: 1, size: "M" },
      ]),
      customer.cookie,
    );
    expect(placed.statusCode, placed.body).toBe(201);
    expect(await variantsOf(p.id)).toMatchObject({ [`S ${WHITE}`]: 0, [`M ${BLACK}`]: 2 });
    expect(await totalOf(p.id)).toBe(2);
    const id = placed.json().order._id;
    const heard = await restocksDuring(() => api("PUT", `/api/order/${id}/cancel`, undefined, customer.cookie));
    expect(heard).toEqual([{ productId: p.id, size: "S", color: WHITE }]);
    expect(await variantsOf(p.id)).toMatchObject({ [`S ${WHITE}`]: 2, [`M ${BLACK}`]: 3 });
    expect(await totalOf(p.id)).toBe(5);
    const reopened = await api("PUT", `/api/moderator/orders/${id}/status`, { status: "Processing" }, moderator.cookie);
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(await variantsOf(p.id)).toMatchObject({ [`S ${WHITE}`]: 0, [`M ${BLACK}`]: 2 });
    // A pair sold out meanwhile stops a second reopening.
    await api("PUT", `/api/moderator/orders/${id}/status`, { status: "Cancelled" }, moderator.cookie);
    expect(await variantsOf(p.id)).toMatchObject({ [`S ${WHITE}`]: 2 });
    expect((await guestOrder([{ productId: p.id, quantity: 2, size: "S", color: WHITE }])).statusCode).toBe(201);
    const refused = await api("PUT", `/api/moderator/orders/${id}/status`, { status: "Processing" }, moderator.cookie);
    expect(refused.statusCode).toBe(409);
    expect(await variantsOf(p.id)).toMatchObject({ [`S ${WHITE}`]: 0, [`M ${BLACK}`]: 3 });
  });

  it("keeps the product row's copy of its variants in step with every write: save, order, cancel, reordered sizes (decision 378)", async () => {
    /** The pairs as product_variants holds them, in the product's size then colour order. */
    const pairsOf = async (productId: string) => {
      const [p] = await t.deps.db.select().from(products).where(eq(products.id, productId));
      const rows = await t.deps.db.select().from(productVariants).where(eq(productVariants.productId, productId));
      const at = (list: string[], x: string) => (list.includes(x) ? list.indexOf(x) : list.length);
      return rows
        .sort((a, b) => at(p!.sizes, a.size) - at(p!.sizes, b.size) || at(p!.colors, a.color) - at(p!.colors, b.color))
        .map(({ size, color, sku, stock }) => ({ size, color, sku, stock }));
    };
    const json = async (productId: string) => (await api("GET", `/api/products/${productId}`)).json().variants;
    const inStep = async (productId: string) => {
      const pairs = await pairsOf(productId);
      expect(await json(productId)).toEqual(pairs);
      const [row] = await t.deps.db
        .select({ copy: products.variants })
        .from(products)
        .where(eq(products.id, productId));
      expect(row!.copy).toEqual(pairs);
      return pairs;
    };
    const body = productBody({
      code: "COPY-1",
      sizes: ["S", "M"],
      colors: [BLACK, WHITE],
      stock: undefined,
      variants: [
        { size: "S", color: BLACK, stock: 2 },
        { size: "M", color: WHITE, stock: 4 },
      ],
    });
    const created = await api("POST", "/api/products", body);
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().product._id;
    expect((await inStep(id)).map((v) => v.stock)).toEqual([2, 0, 0, 4]);
    const placed = await api(
      "POST",
      "/api/order",
      orderPayload([{ productId: id, quantity: 3, size: "M", color: WHITE }]),
      customer.cookie,
    );
    expect(placed.statusCode, placed.body).toBe(201);
    expect((await inStep(id)).map((v) => v.stock)).toEqual([2, 0, 0, 1]);
    await api("PUT", `/api/order/${placed.json().order._id}/cancel`, undefined, customer.cookie);
    expect((await inStep(id)).map((v) => v.stock)).toEqual([2, 0, 0, 4]);
    // The sizes reordered by staff: the copy follows the product's new order.
    const saved = await api("PUT", `/api/products/${id}`, { ...body, sizes: ["M", "S"] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await inStep(id)).map((v) => `${v.size} ${v.color}`)).toEqual([
      `M ${BLACK}`,
      `M ${WHITE}`,
      `S ${BLACK}`,
      `S ${WHITE}`,
    ]);
  });

  it("shows SOLD OUT (stock 0, out of the in-stock filter) only when every pair is at 0", async () => {
    const p = await makeProduct(t.deps.db, {
      name: "Pairs sold out",
      sizes: ["M"],
      colors: [BLACK, WHITE],
      variants: [{ size: "M", color: WHITE, stock: 1 }],
    });
    // The order factory writes no search text; the listing's search reads it.
    await t.deps.db.update(products).set({ searchText: "pairs sold out" }).where(eq(products.id, p.id));
    const inStock = async () =>
      (await api("GET", "/api/products?inStock=true&search=Pairs sold out"))
        .json()
        .products.map((x: { _id: string }) => x._id);
    expect(await inStock()).toEqual([p.id]);
    expect((await guestOrder([{ productId: p.id, quantity: 1, size: "M", color: WHITE }])).statusCode).toBe(201);
    expect(await totalOf(p.id)).toBe(0);
    expect(await inStock()).toEqual([]);
  });
});

describe("back office per variant", () => {
  it("lists low stock per pair on the dashboard", async () => {
    const p = await makeProduct(t.deps.db, {
      name: "Low pair",
      sizes: ["M", "L"],
      colors: [BLACK],
      variants: [
        { size: "M", color: BLACK, stock: 50 },
        { size: "L", color: BLACK, stock: 1 },
      ],
    });
    const a = (await api("GET", "/api/moderator/analytics")).json();
    const mine = a.lowStockProducts.filter((r: { _id: string }) => r._id === p.id);
    expect(mine).toEqual([expect.objectContaining({ size: "L", color: BLACK, stock: 1, sku: `${p.code}-L-000000` })]);
  });

  it("exports one row per pair and imports them back as one product's variants, announcing restocks", async () => {
    const p = await makeProduct(t.deps.db, {
      sizes: ["S", "M"],
      colors: [BLACK],
      variants: [
        { size: "S", color: BLACK, stock: 0 },
        { size: "M", color: BLACK, stock: 4 },
      ],
    });
    const csv = (await api("GET", "/api/admin/export/products.csv")).body;
    const rows = parseCsv(csv.replace(/^\uFEFF/, ""));
    const header = rows[0]!;
    const col = (name: string) => header.indexOf(name);
    const mine = rows.filter((r) => r[0] === p.code);
    expect(mine.map((r) => [r[col("size")], r[col("stock")], r[col("previousStock")]])).toEqual([
      ["S", "0", "0"],
      ["M", "4", "4"],
    ]);
    mine[0]![col("stock")] = "6";
    mine[1]![col("sku")] = "NEW-SKU-M";
    const text = [header, ...mine].map((r) => r.map((c) => `"${c.replaceAll('"', '""')}"`).join(",")).join("\n");
    const form = multipartFile("file", "p.csv", text, "text/csv");
    let report: { updated: unknown[]; refused: unknown[] } = { updated: [], refused: [] };
    const heard = await restocksDuring(async () => {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/admin/import/products",
        ...form,
        headers: { ...form.headers, cookie: admin.cookie },
      });
      report = res.json();
    });
    expect(report.refused).toEqual([]);
    expect(report.updated).toHaveLength(1);
    expect(heard).toEqual([{ productId: p.id, size: "S", color: BLACK }]);
    expect(await variantsOf(p.id)).toEqual({ "S #000000": 6, "M #000000": 4 });
    const [m] = await t.deps.db.select().from(productVariants).where(eq(productVariants.sku, "NEW-SKU-M"));
    expect(m?.productId).toBe(p.id);
  });
});

describe("the migration", () => {
  it("spreads each existing product's stock over its pairs without losing a unit", async () => {
    const a = await makeProduct(t.deps.db, { stock: 11, sizes: ["S", "M", "L"], colors: [BLACK, WHITE] });
    const b = await makeProduct(t.deps.db, { stock: 2, sizes: [], colors: [] });
    const ids = [a.id, b.id];
    // As before the migration: the products with their stock, no variants.
    await t.deps.db.delete(productVariants).where(inArray(productVariants.productId, ids));
    await t.deps.db.update(products).set({ stock: 11 }).where(eq(products.id, a.id));
    await t.deps.db.update(products).set({ stock: 2 }).where(eq(products.id, b.id));
    const file = path.join(__dirname, "../../server/db/migrations/0007_variants_from_product_stock.sql");
    for (const statement of fs.readFileSync(file, "utf8").split("--> statement-breakpoint")) {
      await t.deps.db.execute(sql.raw(statement));
    }
    const av = await t.deps.db.select().from(productVariants).where(eq(productVariants.productId, a.id));
    expect(av).toHaveLength(6);
    expect(av.reduce((s, v) => s + v.stock, 0)).toBe(11);
    expect(av.map((v) => v.stock).sort()).toEqual([1, 2, 2, 2, 2, 2]);
    expect(av.find((v) => v.size === "S" && v.color === BLACK)).toMatchObject({
      stock: 2,
      sku: `${a.code}-S-000000`.toUpperCase(),
    });
    expect(await variantsOf(b.id)).toEqual({ " ": 2 });
    expect(await totalOf(a.id)).toBe(11);
    // The product without sizes or colors still sells.
    expect((await guestOrder([{ productId: b.id, quantity: 2, size: "M", color: "Red" }])).statusCode).toBe(201);
  });
});

describe("the migration that copies the variants onto the product row (decision 378)", () => {
  it("fills each existing product's copy from its pairs, in its size then colour order", async () => {
    const a = await makeProduct(t.deps.db, { stock: 7, sizes: ["L", "S"], colors: [WHITE, BLACK] });
    const expected = (await api("GET", `/api/products/${a.id}`)).json().variants;
    expect(expected.map((v: { size: string; color: string }) => `${v.size} ${v.color}`)).toEqual([
      `L ${WHITE}`,
      `L ${BLACK}`,
      `S ${WHITE}`,
      `S ${BLACK}`,
    ]);
    // As before the migration: no copy on the row.
    await t.deps.db.update(products).set({ variants: [] }).where(eq(products.id, a.id));
    const file = path.join(__dirname, "../../server/db/migrations/0018_product_variants_copy.sql");
    const [, ...fill] = fs.readFileSync(file, "utf8").split("--> statement-breakpoint");
    for (const statement of fill) await t.deps.db.execute(sql.raw(statement));
    expect((await api("GET", `/api/products/${a.id}`)).json().variants).toEqual(expected);
  });
});

describe("concurrent orders for one pair on PostgreSQL", () => {
  it.skipIf(!onPostgres())(
    "sells a pair with stock 3 to exactly 3 of 20 parallel buyers; the other pairs keep theirs",
    async () => {
      const p = await makeProduct(t.deps.db, {
        sizes: ["S", "M"],
        colors: [BLACK],
        variants: [
          { size: "S", color: BLACK, stock: 3 },
          { size: "M", color: BLACK, stock: 10 },
        ],
      });
      const results = await Promise.all(
        Array.from({ length: 20 }, () => guestOrder([{ productId: p.id, quantity: 1, size: "S" }])),
      );
      const statuses = results.map((r) => r.statusCode);
      expect(statuses.filter((s) => s === 201)).toHaveLength(3);
      expect(statuses.filter((s) => s === 409)).toHaveLength(17);
      expect(results.find((r) => r.statusCode === 409)!.json().message).toBe("This item is out of stock");
      expect(await variantsOf(p.id)).toEqual({ "S #000000": 0, "M #000000": 10 });
      expect(await totalOf(p.id)).toBe(10);
    },
  );
});
