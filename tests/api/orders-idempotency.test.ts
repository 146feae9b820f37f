/**
 * A replayed Idempotency-Key (issue 11, item 4; docs/decisions/116): the key is kept with a hash of
 * the order it placed. The genuine client's retry (same key, same order) still returns the first
 * answer (DESIGN.md §4); the same key with another order is refused with a message and returns
 * nothing of the first order, so a key alone opens nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, onPostgres, type TestApp } from "../support/test-app";
import { signedIn } from "../support/factories";
import { makeProduct, orderPayload, stockOf } from "../support/order-factories";
import { orderItems } from "../../server/db/schema";
import { eq } from "drizzle-orm";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_SCALE: "100" } });
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const guestOrder = (payload: object, headers: Headers = {}) =>
  t.app.inject({ method: "POST", url: "/api/order/guest", payload, headers });
const userOrder = (cookie: string, payload: object, headers: Headers = {}) =>
  t.app.inject({ method: "POST", url: "/api/order", payload, headers: { cookie, ...headers } });
const ordersOf = async (productId: string) =>
  (await t.deps.db.select({ id: orderItems.orderId }).from(orderItems).where(eq(orderItems.productId, productId)))
    .length;

describe("a replayed Idempotency-Key", () => {
  it("refuses (409) a guest's key replayed with another order and shows nothing of the first", async () => {
    const p = await makeProduct(t.deps.db, { stock: 10 });
    const payload = orderPayload([{ productId: p.id, quantity: 1 }], {
      email: "victim@example.com",
      phone: "01099998888",
    });
    const first = await guestOrder(payload, { "idempotency-key": "guest-key-1" });
    expect(first.statusCode).toBe(201);
    // Someone who learnt the key and the e-mail sends their own order under it.
    const forged = orderPayload([{ productId: p.id, quantity: 1 }], {
      email: "victim@example.com",
      firstName: "Eve",
      phone: "01000000000",
    });
    const replay = await guestOrder(forged, { "idempotency-key": "guest-key-1" });
    expect(replay.statusCode).toBe(409);
    expect(replay.json()).toEqual({
      message: "This Idempotency-Key was already used for a different order. Start a new order to place another.",
      requestId: expect.any(String),
    });
    expect(replay.body).not.toContain(first.json().order.orderNumber);
    expect(replay.body).not.toContain("01099998888");
    const ar = await guestOrder(forged, { "idempotency-key": "guest-key-1", cookie: "lang=ar" });
    expect(ar.json().message).toBe("استُخدم مفتاح التكرار هذا لطلب مختلف. ابدئي طلبًا جديدًا لإرسال طلب آخر.");
    expect(await ordersOf(p.id)).toBe(1);
    expect(await stockOf(t.deps.db, p.id)).toBe(9);
  });

  it("returns the first answer to the genuine client's retry with the same order", async () => {
    const p = await makeProduct(t.deps.db, { stock: 10 });
    const payload = orderPayload([{ productId: p.id, quantity: 2 }]);
    const first = await guestOrder(payload, { "idempotency-key": "guest-key-2" });
    const retry = await guestOrder(payload, { "idempotency-key": "guest-key-2" });
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toEqual(first.json());
    expect(await stockOf(t.deps.db, p.id)).toBe(8);
  });

  it("treats a different quantity, line or address under the same key as another order", async () => {
    const p = await makeProduct(t.deps.db, { stock: 10 });
    const payload = orderPayload([{ productId: p.id, quantity: 1 }], { email: "same@example.com" });
    expect((await guestOrder(payload, { "idempotency-key": "guest-key-3" })).statusCode).toBe(201);
    const variants = [
      { ...payload, products: [{ ...payload.products[0]!, quantity: 2 }] },
      { ...payload, shipping: { address: { ...payload.shipping.address, street: "Elsewhere" } } },
      { ...payload, notes: "x".repeat(500) },
    ];
    for (const v of variants) expect((await guestOrder(v, { "idempotency-key": "guest-key-3" })).statusCode).toBe(409);
    expect(await ordersOf(p.id)).toBe(1);
  });

  it("keys a signed-in customer's orders to that customer", async () => {
    const p = await makeProduct(t.deps.db, { stock: 10 });
    const a = await signedIn(t.deps.db, "user");
    const b = await signedIn(t.deps.db, "user");
    const payload = orderPayload([{ productId: p.id, quantity: 1 }]);
    const first = await userOrder(a.cookie, payload, { "idempotency-key": "user-key-1" });
    const other = await userOrder(b.cookie, payload, { "idempotency-key": "user-key-1" });
    expect(other.statusCode).toBe(201);
    expect(other.json().order.orderNumber).not.toBe(first.json().order.orderNumber);
    const changed = await userOrder(
      a.cookie,
      { ...payload, products: [{ ...payload.products[0]!, quantity: 3 }] },
      { "idempotency-key": "user-key-1" },
    );
    expect(changed.statusCode).toBe(409);
  });
});

describe("a replayed Idempotency-Key under concurrency (PostgreSQL)", () => {
  it.skipIf(!onPostgres())(
    "places one order for 10 parallel sends of one key; the ones with another order get 409",
    async () => {
      const p = await makeProduct(t.deps.db, { stock: 50 });
      const payload = orderPayload([{ productId: p.id, quantity: 1 }], { email: "race@example.com" });
      const other = { ...payload, products: [{ ...payload.products[0]!, quantity: 4 }] };
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, i) => guestOrder(i % 2 ? other : payload, { "idempotency-key": "race-key" })),
      );
      expect(await ordersOf(p.id)).toBe(1);
      const placed = results.filter((r) => r.statusCode === 201);
      expect(new Set(placed.map((r) => r.json().order.orderNumber)).size).toBe(1);
      // Whichever payload came first won; every request with the other one was refused.
      const winnerQty = placed[0]!.json().order.products[0].quantity;
      expect(results.filter((r) => r.statusCode === 409)).toHaveLength(5);
      expect(placed).toHaveLength(5);
      expect(await stockOf(t.deps.db, p.id)).toBe(50 - winnerQty);
    },
  );
});
