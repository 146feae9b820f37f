/**
 * Lost updates on stock (issue 11, item 1; docs/decisions/115): a product form or a spreadsheet
 * carries the stock it was loaded with as `previousStock`; a save whose `previousStock` no longer
 * matches the stored stock (orders came in meanwhile) is refused with the current stock and writes
 * nothing, so units already sold never come back to be sold again.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createTestApp, onPostgres, type TestApp } from "../support/test-app";
import { signedIn } from "../support/factories";
import { productBody } from "../support/catalog-factories";
import { makeProduct, orderPayload, stockOf } from "../support/order-factories";
import { auditLog, products } from "../../server/db/schema";

let t: TestApp;
let moderator: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_SCALE: "100" } });
  moderator = await signedIn(t.deps.db, "moderator");
});
afterAll(() => t.close());

const put = (id: string, body: object, lang?: "ar") =>
  t.app.inject({
    method: "PUT",
    url: `/api/products/${id}`,
    headers: { cookie: lang ? `${moderator.cookie}; lang=${lang}` : moderator.cookie },
    payload: body,
  });
const guestOrder = (productId: string, quantity: number) =>
  t.app.inject({ method: "POST", url: "/api/order/guest", payload: orderPayload([{ productId, quantity }]) });
const nameOf = async (id: string) =>
  (await t.deps.db.select({ name: products.name }).from(products).where(eq(products.id, id)))[0]!.name;

describe("PUT /api/products/{id} with previousStock", () => {
  it("saves when the stock is still the one the form was loaded with", async () => {
    const p = await makeProduct(t.deps.db, { stock: 10 });
    const res = await put(p.id, productBody({ name: "Restocked", stock: 25, previousStock: 10 }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().product).toMatchObject({ name: "Restocked", stock: 25 });
  });

  it("refuses with 409 and the current stock when orders came in since the form was loaded, and writes nothing", async () => {
    const p = await makeProduct(t.deps.db, { stock: 10 });
    const before = await nameOf(p.id);
    // The form is loaded with 10; a customer buys 3; the form is saved with the old 10 as its base.
    expect((await guestOrder(p.id, 3)).statusCode).toBe(201);
    const res = await put(p.id, productBody({ name: "Stale edit", stock: 10, previousStock: 10 }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: "The stock changed to 7 since this form was opened (orders or another edit). Check it and save again.",
      stock: 7,
      requestId: expect.any(String),
    });
    expect(await stockOf(t.deps.db, p.id)).toBe(7);
    expect(await nameOf(p.id)).toBe(before);
    const audit = await t.deps.db.select().from(auditLog).where(eq(auditLog.targetId, p.id));
    expect(audit.map((a) => a.action)).not.toContain("product.update");
    const ar = await put(p.id, productBody({ stock: 10, previousStock: 10 }), "ar");
    expect(ar.statusCode).toBe(409);
    expect(ar.json()).toEqual({
      message: "تغيّر المخزون إلى 7 منذ فتح هذا النموذج (طلبات أو تعديل آخر). راجعه ثم احفظ مرة أخرى.",
      stock: 7,
      requestId: expect.any(String),
    });
  });

  it("takes the new stock once the form is based on the current one", async () => {
    const p = await makeProduct(t.deps.db, { stock: 10 });
    await guestOrder(p.id, 3);
    const refused = await put(p.id, productBody({ stock: 20, previousStock: 10 }));
    const res = await put(p.id, productBody({ stock: 20, previousStock: refused.json().stock }));
    expect(res.statusCode, res.body).toBe(200);
    expect(await stockOf(t.deps.db, p.id)).toBe(20);
  });

  it("accepts a save without previousStock for API compatibility (decision 115)", async () => {
    const p = await makeProduct(t.deps.db, { stock: 10 });
    const res = await put(p.id, productBody({ stock: 4 }));
    expect(res.statusCode, res.body).toBe(200);
    expect(await stockOf(t.deps.db, p.id)).toBe(4);
  });

  it("refuses a previousStock that is not a whole number from 0 to 1,000,000", async () => {
    const p = await makeProduct(t.deps.db, { stock: 10 });
    for (const previousStock of [-1, 1.5, "ten", 10_000_001, "9".repeat(10_000)]) {
      const res = await put(p.id, productBody({ stock: 4, previousStock }));
      expect(res.statusCode, String(previousStock).slice(0, 20)).toBe(400);
    }
    expect(await stockOf(t.deps.db, p.id)).toBe(10);
  });
});

describe("stock races on PostgreSQL", () => {
  it.skipIf(!onPostgres())(
    "refuses a save based on a stock that orders placed while the form was open have changed",
    async () => {
      const p = await makeProduct(t.deps.db, { stock: 10 });
      const loaded = (
        await t.app.inject({ method: "GET", url: `/api/products/${p.id}`, headers: { cookie: moderator.cookie } })
      ).json();
      expect(loaded.stock).toBe(10);
      expect((await guestOrder(p.id, 2)).statusCode).toBe(201);
      const res = await put(p.id, productBody({ stock: loaded.stock, previousStock: loaded.stock }));
      expect(res.statusCode).toBe(409);
      expect(res.json().stock).toBe(8);
      expect(await stockOf(t.deps.db, p.id)).toBe(8);
    },
  );

  it.skipIf(!onPostgres())("lets exactly one of 10 parallel saves based on the same stock through", async () => {
    const p = await makeProduct(t.deps.db, { stock: 10 });
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => put(p.id, productBody({ stock: 11 + i, previousStock: 10 }))),
    );
    const ok = results.filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(9);
    const winner = ok[0]!.json().product.stock;
    expect(await stockOf(t.deps.db, p.id)).toBe(winner);
    for (const r of results.filter((x) => x.statusCode === 409)) expect(r.json().stock).toBe(winner);
  });

  it.skipIf(!onPostgres())(
    "never brings back a unit sold while a save runs: final stock = saved or old stock − units sold",
    async () => {
      for (let round = 0; round < 5; round++) {
        // One size and color: a total without variants is that pair's stock (decision 230).
        const one = { sizes: ["M"], colors: ["#000000"] };
        const p = await makeProduct(t.deps.db, { stock: 10, ...one });
        const orders = Array.from({ length: 6 }, () => guestOrder(p.id, 1));
        const save = put(p.id, productBody({ stock: 15, previousStock: 10, ...one }));
        const [saved, ...placed] = await Promise.all([save, ...orders]);
        expect([200, 409]).toContain(saved.statusCode);
        const sold = placed.filter((r) => r.statusCode === 201).length;
        expect(sold).toBe(6);
        expect(await stockOf(t.deps.db, p.id)).toBe((saved.statusCode === 200 ? 15 : 10) - sold);
      }
    },
  );
});
