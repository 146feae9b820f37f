/**
 * The promises of DESIGN.md §5 under real concurrency. PGlite has one connection, so these run on
 * PostgreSQL only and show as skipped on PGlite.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createTestApp, onPostgres, type TestApp } from "../support/test-app";
import { makeProduct, makePromoCode, orderPayload, stockOf, usesOf } from "../support/order-factories";
import { idempotencyKeys, orderItems, orders } from "../../server/db/schema";
import { signedIn } from "../support/factories";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_SCALE: "100" } });
});
afterAll(() => t.close());

const guestOrder = (payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "POST", url: "/api/order/guest", payload, headers });

async function ordersFor(productId: string) {
  return t.deps.db.select({ orderId: orderItems.orderId }).from(orderItems).where(eq(orderItems.productId, productId));
}

describe("concurrent orders on PostgreSQL", () => {
  it.skipIf(!onPostgres())("sells a stock of 5 to exactly 5 of 20 concurrent buyers, down to 0", async () => {
    const p = await makeProduct(t.deps.db, { name: "Last linen dress", stock: 5 });
    const results = await Promise.all(
      Array.from({ length: 20 }, () => guestOrder(orderPayload([{ productId: p.id, quantity: 1 }]))),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 409)).toHaveLength(15);
    expect(results.find((r) => r.statusCode === 409)!.json().message).toBe(
      "Sorry, Last linen dress has sold out. Please remove it from your cart.",
    );
    expect(await stockOf(t.deps.db, p.id)).toBe(0);
    expect(await ordersFor(p.id)).toHaveLength(5);
  });

  it.skipIf(!onPostgres())("uses a code limited to 3 exactly 3 times under 10 concurrent orders", async () => {
    const p = await makeProduct(t.deps.db, { stock: 50 });
    const code = await makePromoCode(t.deps.db, { usageLimit: 3, discountValue: 15 });
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        guestOrder(orderPayload([{ productId: p.id, quantity: 1 }], { promoCode: code.code })),
      ),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(3);
    expect(results.filter((r) => r.statusCode === 409).map((r) => r.json().message)).toEqual(
      Array(7).fill("This promo code has reached its usage limit"),
    );
    expect(await usesOf(t.deps.db, code.code)).toBe(3);
    // The refused orders gave their stock back with their rollback.
    expect(await stockOf(t.deps.db, p.id)).toBe(47);
  });

  it.skipIf(!onPostgres())("places one order for the same Idempotency-Key sent twice at once", async () => {
    const { cookie } = await signedIn(t.deps.db, "user");
    const p = await makeProduct(t.deps.db, { stock: 10 });
    const payload = orderPayload([{ productId: p.id, quantity: 2 }]);
    const send = () =>
      t.app.inject({
        method: "POST",
        url: "/api/order",
        payload,
        headers: { cookie, "idempotency-key": "double-click-1" },
      });
    const results = await Promise.all([send(), send(), send()]);
    expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201]);
    const numbers = new Set(results.map((r) => r.json().order.orderNumber));
    expect(numbers.size).toBe(1);
    expect(await ordersFor(p.id)).toHaveLength(1);
    expect(await stockOf(t.deps.db, p.id)).toBe(8);
    const keys = await t.deps.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, "double-click-1"));
    expect(keys).toHaveLength(1);
  });

  it.skipIf(!onPostgres())(
    "leaves no order, no stock change and no code use when the second line has sold out",
    async () => {
      const first = await makeProduct(t.deps.db, { stock: 5 });
      const second = await makeProduct(t.deps.db, { name: "Gone cardigan", stock: 1 });
      const code = await makePromoCode(t.deps.db, { usageLimit: 5 });
      const before = (await t.deps.db.select({ id: orders.id }).from(orders)).length;
      // Two buyers race for the single cardigan; each order also takes the first product and the code.
      const results = await Promise.all(
        [1, 2].map(() =>
          guestOrder(
            orderPayload(
              [
                { productId: first.id, quantity: 2 },
                { productId: second.id, quantity: 1 },
              ],
              { promoCode: code.code },
            ),
          ),
        ),
      );
      expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
      expect((await t.deps.db.select({ id: orders.id }).from(orders)).length).toBe(before + 1);
      expect(await stockOf(t.deps.db, first.id)).toBe(3);
      expect(await stockOf(t.deps.db, second.id)).toBe(0);
      expect(await usesOf(t.deps.db, code.code)).toBe(1);
    },
  );

  it("runs the concurrency checks above on PostgreSQL only (PGlite has one connection)", () => {
    expect(t.database.concurrent).toBe(onPostgres());
  });
});
