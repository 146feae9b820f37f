/** Products and orders as spreadsheets (issue 5, item 5): export escaping and streaming, import report. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createTestApp, type TestApp } from "../support/test-app";
import { signedIn } from "../support/factories";
import { insertOrder, insertProduct } from "../support/back-office-factories";
import { multipartFile } from "../support/multipart";
import { orders, products, productVariants } from "../../server/db/schema";
import { syncProductStock } from "../../server/modules/catalog/variants";
import { parseCsv } from "../../server/modules/back-office/csv";
import { exportProductsCsv } from "../../server/modules/back-office/export-csv";
import { translate } from "../../core/i18n";

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

const rowsOf = (body: string) => parseCsv(body);

describe("product export", () => {
  it("streams every product as UTF-8 CSV with a BOM, quoting commas, quotes, line breaks and formulas", async () => {
    const tricky = await insertProduct(t.deps.db, {
      name: 'Dress, "Nile" edition',
      nameAr: "فستان النيل",
      code: "NILE-1",
      description: "Line one\nLine two",
      price: 125_050,
      sizes: ["S", "M"],
      colors: ["#000000", "#ffffff"],
      specifications: ['=HYPERLINK("http://x")', "100% cotton"],
    });
    const res = await t.app.inject({
      method: "GET",
      url: "/api/admin/export/products.csv",
      headers: moderator.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toMatch(/^attachment; filename="products-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(res.body).toContain('"Dress, ""Nile"" edition"');
    expect(res.body).toContain('"Line one\nLine two"');
    expect(res.body).toContain(`"'=HYPERLINK(""http://x"")|100% cotton"`);
    const rows = rowsOf(res.body);
    expect(rows[0]!.slice(0, 13)).toEqual([
      "code",
      "name",
      "nameAr",
      "description",
      "descriptionAr",
      "category",
      "collection",
      "price",
      "stock",
      "sizes",
      "colors",
      "specifications",
      "images",
    ]);
    // One row per size and color pair (issue 15): its stock is the pair's (20 spread over 4 pairs).
    expect(rows[0]!.slice(13, 16)).toEqual(["size", "color", "sku"]);
    const nile = rows.filter((r) => r[0] === "NILE-1");
    expect(nile.map((r) => r.slice(13, 16))).toEqual([
      ["S", "#000000", "NILE-1-S-000000"],
      ["S", "#ffffff", "NILE-1-S-FFFFFF"],
      ["M", "#000000", "NILE-1-M-000000"],
      ["M", "#ffffff", "NILE-1-M-FFFFFF"],
    ]);
    const row = nile[0]!;
    expect(row.slice(0, 13)).toEqual([
      "NILE-1",
      'Dress, "Nile" edition',
      "فستان النيل",
      "Line one\nLine two",
      "",
      "dresses",
      "",
      "1250.5",
      "5",
      "S|M",
      "#000000|#ffffff",
      `'=HYPERLINK("http://x")|100% cotton`,
      "/uploads/fixture-800.webp",
    ]);
    expect(row[16]).toBe(tricky.id);
  });

  it("reads the products in batches, none missed or repeated", async () => {
    for (let i = 0; i < 7; i++) await insertProduct(t.deps.db, { code: `BATCH-${i}` });
    const chunks: string[] = [];
    for await (const chunk of exportProductsCsv(t.deps.db, 3)) chunks.push(chunk);
    const codes = rowsOf(chunks.join(""))
      .slice(1)
      .map((r) => r[0]);
    const all = await t.deps.db.select({ code: products.code }).from(products);
    // One row per variant: as many rows as pairs, every product there.
    expect(codes).toHaveLength((await t.deps.db.select().from(productVariants)).length);
    expect(new Set(codes)).toEqual(new Set(all.map((p) => p.code)));
    // The header, then one chunk per batch of three.
    expect(chunks.length).toBe(1 + Math.ceil(all.length / 3));
  });
});

describe("order export", () => {
  it("lists each order with its address, items and totals in EGP, the COD fee and a cancellation's reason", async () => {
    const p = await insertProduct(t.deps.db, { name: "Abaya, black", price: 30_000 });
    const order = await insertOrder(t.deps.db, {
      total: 61_500,
      firstName: "نور",
      lines: [{ product: p, quantity: 2 }],
    });
    // Cash on delivery with its fee, then cancelled because the customer refused it at the door.
    await t.deps.db
      .update(orders)
      .set({ subtotal: 60_000, codFee: 1_500, total: 61_500, status: "Cancelled", cancelReason: "refused" })
      .where(eq(orders.id, order.id));
    const res = await t.app.inject({ method: "GET", url: "/api/admin/export/orders.csv", headers: admin.headers });
    expect(res.statusCode).toBe(200);
    const rows = rowsOf(res.body);
    expect(rows[0]).toEqual([
      "orderNumber",
      "createdAt",
      "status",
      "cancelReason",
      "firstName",
      "lastName",
      "email",
      "phone",
      "paymentMethod",
      "promoCode",
      "city",
      "area",
      "street",
      "building",
      "floor",
      "apartment",
      "items",
      "subtotal",
      "promoDiscount",
      "shipping",
      "codFee",
      "total",
    ]);
    const row = rows.find((r) => r[0] === order.orderNumber)!;
    expect(row.slice(2, 5)).toEqual(["Cancelled", "refused", "نور"]);
    expect(row[10]).toBe("Cairo");
    expect(row[16]).toBe("Abaya, black x2 (M, #000000)");
    // The columns add up: 600 − 0 + 0 + 15 = 615.
    expect(row.slice(17)).toEqual(["600", "0", "0", "15", "615"]);
  });

  it("leaves the reason empty for an order that was not cancelled", async () => {
    const p = await insertProduct(t.deps.db, { name: "Scarf", price: 10_000 });
    const order = await insertOrder(t.deps.db, { total: 10_000, lines: [{ product: p, quantity: 1 }] });
    const res = await t.app.inject({ method: "GET", url: "/api/admin/export/orders.csv", headers: admin.headers });
    const row = rowsOf(res.body).find((r) => r[0] === order.orderNumber)!;
    expect(row.slice(2, 4)).toEqual(["Processing", ""]);
  });
});

describe("product import", () => {
  const header =
    "code,name,nameAr,description,descriptionAr,category,collection,price,stock,sizes,colors,specifications,images";

  it("imports the good rows and reports each broken row with its reasons", async () => {
    const existing = await insertProduct(t.deps.db, { code: "KEEP-1", name: "Old name", price: 10_000 });
    const csv = [
      header,
      'NEW-1,"Wrap Dress, red",فستان ملفوف,A red wrap dress,,dresses,summer,899.5,7,S|M|L,#ff0000,Viscose|Midi,/uploads/wrap-800.webp',
      "KEEP-1,New name,,Updated description,,dresses,,120,3,M,#000000,,",
      "BAD-1,Broken,,Nothing right,,plumbing,,0,2,M,#000000,,/uploads/x-800.webp",
      "",
      "NOIMG-1,No image,,A product without images,,tops,,100,1,M,#000000,,",
    ].join("\r\n");
    const form = multipartFile("file", "products.csv", csv, "text/csv");
    const res = await t.app.inject({
      method: "POST",
      url: "/api/admin/import/products",
      ...form,
      headers: { ...form.headers, ...admin.headers },
    });
    expect(res.statusCode).toBe(200);
    const report = res.json();
    expect(report.message).toBe("1 created, 1 updated, 2 refused");
    expect(report.created).toEqual([{ row: 2, code: "NEW-1", _id: expect.any(String) }]);
    expect(report.updated).toEqual([{ row: 3, code: "KEEP-1", _id: existing.id }]);
    expect(report.refused).toEqual([
      {
        row: 4,
        code: "BAD-1",
        reasons: expect.arrayContaining([
          translate("en", "catalogAdmin.categoryRequired"),
          translate("en", "catalogAdmin.pricePositive"),
        ]),
      },
      { row: 6, code: "NOIMG-1", reasons: [translate("en", "catalogAdmin.imageRequired")] },
    ]);

    const [created] = await t.deps.db.select().from(products).where(eq(products.code, "NEW-1"));
    expect(created).toMatchObject({
      name: "Wrap Dress, red",
      nameAr: "فستان ملفوف",
      category: "dresses",
      collection: "summer",
      price: 89_950,
      stock: 7,
      sizes: ["S", "M", "L"],
      specifications: ["Viscose", "Midi"],
      images: ["/uploads/wrap-800.webp"],
      status: "approved",
    });
    const [updated] = await t.deps.db.select().from(products).where(eq(products.id, existing.id));
    // An empty images cell keeps the product's images.
    expect(updated).toMatchObject({ name: "New name", price: 12_000, stock: 3, images: existing.images });
    expect(await t.deps.db.select().from(products).where(eq(products.code, "BAD-1"))).toHaveLength(0);
  });

  it("gives the reasons in Arabic when asked, and a moderator's new products wait for approval", async () => {
    const csv = [
      header,
      "MOD-1,Knit Cardigan,,Warm,,cardigans,winter,450,4,M,#333333,,/uploads/k-800.webp",
      "MOD-2,,,,,tops,,-5,1,M,#000000,,/uploads/k-800.webp",
    ].join("\n");
    const form = multipartFile("file", "p.csv", `\uFEFF${csv}`, "text/csv");
    const res = await t.app.inject({
      method: "POST",
      url: "/api/admin/import/products",
      ...form,
      headers: { ...form.headers, cookie: `${moderator.cookie}; lang=ar` },
    });
    expect(res.statusCode).toBe(200);
    const report = res.json();
    expect(report.created.map((c: { code: string }) => c.code)).toEqual(["MOD-1"]);
    expect(report.refused[0].reasons).toEqual(
      expect.arrayContaining([
        translate("ar", "catalogAdmin.nameRequired"),
        translate("ar", "catalogAdmin.pricePositive"),
      ]),
    );
    const [p] = await t.deps.db.select().from(products).where(eq(products.code, "MOD-1"));
    expect(p!.status).toBe("pending");
  });

  it("imports back what it exported", async () => {
    const exported = (
      await t.app.inject({ method: "GET", url: "/api/admin/export/products.csv", headers: admin.headers })
    ).body;
    const form = multipartFile("file", "round-trip.csv", exported, "text/csv");
    const res = await t.app.inject({
      method: "POST",
      url: "/api/admin/import/products",
      ...form,
      headers: { ...form.headers, ...admin.headers },
    });
    const report = res.json();
    expect(report.created).toEqual([]);
    const [nile] = await t.deps.db.select().from(products).where(eq(products.code, "NILE-1"));
    expect(nile).toMatchObject({
      name: 'Dress, "Nile" edition',
      description: "Line one\nLine two",
      price: 125_050,
      specifications: ['=HYPERLINK("http://x")', "100% cotton"],
    });
  });

  it("refuses as a conflict a row whose stock was sold from since the export, and writes nothing of it (decision 115)", async () => {
    const sold = await insertProduct(t.deps.db, { code: "SOLD-1", name: "Sold meanwhile", stock: 10 });
    const calm = await insertProduct(t.deps.db, { code: "CALM-1", name: "Untouched", stock: 10 });
    const exported = (
      await t.app.inject({ method: "GET", url: "/api/admin/export/products.csv", headers: admin.headers })
    ).body;
    const rows = rowsOf(exported);
    const columns = rows[0]!;
    expect(columns).toContain("previousStock");
    const pick = (code: string) => rows.find((r) => r[0] === code)!;
    expect(pick("SOLD-1")[columns.indexOf("previousStock")]).toBe("10");
    // Three units are sold after the export (as an order would), then the sheet comes back with
    // the stock raised to 12 on both rows and the names changed.
    await t.deps.db.update(productVariants).set({ stock: 7 }).where(eq(productVariants.productId, sold.id));
    await syncProductStock(t.deps.db, [sold.id]);
    const edited = [
      columns,
      ...["SOLD-1", "CALM-1"].map((code) => {
        const r = [...pick(code)];
        r[columns.indexOf("stock")] = "12";
        r[columns.indexOf("name")] = `${code} renamed`;
        return r;
      }),
    ]
      .map((r) => r.map((c) => `"${c.replaceAll('"', '""')}"`).join(","))
      .join("\n");
    const form = multipartFile("file", "p.csv", edited, "text/csv");
    const res = await t.app.inject({
      method: "POST",
      url: "/api/admin/import/products",
      ...form,
      headers: { ...form.headers, ...admin.headers },
    });
    expect(res.statusCode).toBe(200);
    const report = res.json();
    expect(report.updated).toEqual([{ row: 3, code: "CALM-1", _id: calm.id }]);
    expect(report.conflicts).toEqual([{ row: 2, code: "SOLD-1", stock: 7 }]);
    expect(report.refused).toEqual([
      {
        row: 2,
        code: "SOLD-1",
        reasons: [
          "The stock changed to 7 since the export (orders or another edit); this row was not imported. Export again, or write 7 as its previousStock.",
        ],
      },
    ]);
    const [soldNow] = await t.deps.db.select().from(products).where(eq(products.id, sold.id));
    expect(soldNow).toMatchObject({ stock: 7, name: "Sold meanwhile" });
    const [calmNow] = await t.deps.db.select().from(products).where(eq(products.id, calm.id));
    expect(calmNow).toMatchObject({ stock: 12, name: "CALM-1 renamed" });

    const ar = await t.app.inject({
      method: "POST",
      url: "/api/admin/import/products",
      ...form,
      headers: { ...form.headers, cookie: `${admin.cookie}; lang=ar` },
    });
    expect(ar.json().refused.find((r: { code: string }) => r.code === "SOLD-1").reasons[0]).toBe(
      translate("ar", "catalogAdmin.stockChangedSinceExport", { n: 7 }),
    );
  });

  it("refuses a file without the required columns", async () => {
    const form = multipartFile("file", "p.csv", "name,price\nX,1\n", "text/csv");
    const res = await t.app.inject({
      method: "POST",
      url: "/api/admin/import/products",
      ...form,
      headers: { ...form.headers, ...admin.headers },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("The CSV file is missing the columns: code, category");
  });

  it("refuses guests (401) and customers (403) on every spreadsheet call", async () => {
    for (const url of ["/api/admin/export/products.csv", "/api/admin/export/orders.csv"]) {
      expect((await t.app.inject({ method: "GET", url })).statusCode).toBe(401);
      expect((await t.app.inject({ method: "GET", url, headers: customer.headers })).statusCode).toBe(403);
    }
    const form = multipartFile("file", "p.csv", `${header}\n`, "text/csv");
    expect((await t.app.inject({ method: "POST", url: "/api/admin/import/products", ...form })).statusCode).toBe(401);
    expect(
      (
        await t.app.inject({
          method: "POST",
          url: "/api/admin/import/products",
          ...form,
          headers: { ...form.headers, ...customer.headers },
        })
      ).statusCode,
    ).toBe(403);
  });
});
