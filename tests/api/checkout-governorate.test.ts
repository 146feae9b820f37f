/**
 * Decision 125: the checkout asks for the governorate (`state`, from the shipping list), which keys
 * the fee; `city` is the shopper's own town or district. A client that sends only `city` is priced by it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../support/test-app";
import { makeCity, makeProduct, orderPayload } from "../support/order-factories";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_SCALE: "100" } });
});
afterAll(() => t.close());

const guestOrder = (payload: object) => t.app.inject({ method: "POST", url: "/api/order/guest", payload });

describe("the governorate keys the shipping fee (decision 125)", () => {
  it("prices by the governorate and keeps the shopper's town as the city", async () => {
    const zone = await makeCity(t.deps.db, { shipping: 7_000 });
    const p = await makeProduct(t.deps.db, { price: 10_000 });
    const res = await guestOrder(
      orderPayload([{ productId: p.id, quantity: 1 }], { address: { city: "Smouha", state: zone.city.toLowerCase() } }),
    );
    expect(res.statusCode).toBe(201);
    const { order } = res.json();
    expect(order.orderSummary).toMatchObject({ shipping: 70, total: 170 });
    expect(order.shipping.address).toMatchObject({ city: "Smouha", state: zone.city });
  });

  it("refuses a governorate it does not deliver to, whatever the town", async () => {
    const p = await makeProduct(t.deps.db, { price: 10_000 });
    const res = await guestOrder(
      orderPayload([{ productId: p.id, quantity: 1 }], { address: { city: "Cairo", state: "Atlantis" } }),
    );
    expect(res.statusCode).toBe(400);
  });

  it("still prices an order that names only the city", async () => {
    const zone = await makeCity(t.deps.db, { shipping: 3_000 });
    const p = await makeProduct(t.deps.db, { price: 10_000 });
    const res = await guestOrder(
      orderPayload([{ productId: p.id, quantity: 1 }], { address: { city: zone.city, state: "" } }),
    );
    expect(res.json().order.orderSummary).toMatchObject({ shipping: 30 });
  });
});
