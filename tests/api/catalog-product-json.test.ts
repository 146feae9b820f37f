/**
 * A product by id as memoised JSON text (issue 14): the same reply as the live read, identical
 * misses read once, a change shows at once, and staff and unpublished products stay live.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../support/test-app";
import { signedIn } from "../support/factories";
import { makeProduct, productBody } from "../support/catalog-factories";
import { getProduct } from "../../server/modules/catalog/read/get-product";
import { productFlightStats } from "../../server/modules/catalog/read/product-json";
import { invalidateCatalogMemo } from "../../server/modules/catalog/read/catalog-memo";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("GET /api/products/:id", () => {
  it("answers what the live read answers", async () => {
    const product = await makeProduct(t.database.db);
    const res = await t.app.inject({ method: "GET", url: `/api/products/${product.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    expect(res.json()).toEqual(JSON.parse(JSON.stringify(await getProduct(t.deps, product.id, null))));
  });

  it("reads a product once for 20 identical misses at once", async () => {
    const product = await makeProduct(t.database.db);
    invalidateCatalogMemo();
    const before = productFlightStats();
    const replies = await Promise.all(
      Array.from({ length: 20 }, () => t.app.inject({ method: "GET", url: `/api/products/${product.id}` })),
    );
    expect(replies.every((r) => r.statusCode === 200)).toBe(true);
    expect(productFlightStats().runs - before.runs).toBe(1);
    expect(new Set(replies.map((r) => r.body)).size).toBe(1);
  });

  it("shows a price change at once", async () => {
    const product = await makeProduct(t.database.db, { price: 50_000 });
    const url = `/api/products/${product.id}`;
    expect((await t.app.inject({ method: "GET", url })).json().price).toBe(500);
    const { headers } = await signedIn(t.database.db, "admin");
    const saved = await t.app.inject({
      method: "PUT",
      url,
      headers,
      payload: productBody({ name: product.name, code: product.code, price: 777 }),
    });
    expect(saved.statusCode).toBe(200);
    expect((await t.app.inject({ method: "GET", url })).json().price).toBe(777);
  });

  it("keeps an unpublished product from guests and shows it to staff, live", async () => {
    const product = await makeProduct(t.database.db, { status: "pending" });
    const url = `/api/products/${product.id}`;
    expect((await t.app.inject({ method: "GET", url })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url })).statusCode).toBe(404);
    const { headers } = await signedIn(t.database.db, "moderator");
    const staffView = await t.app.inject({ method: "GET", url, headers });
    expect(staffView.statusCode).toBe(200);
    expect(staffView.json().status).toBe("pending");
  });
});
