/**
 * The card payment client (SPEC §7 Card payment) against a local stand-in for the provider: auth,
 * order with the amount and the customer, payment key with the billing data, then the frame address;
 * "" whenever a step fails.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../support/test-app";
import { signedIn } from "../support/factories";
import { makeProduct, orderPayload } from "../support/order-factories";
import { createPaymentFrameUrl } from "../../server/modules/payments/paymob";

interface Seen {
  path: string;
  body: Record<string, unknown>;
}

let provider: http.Server;
let providerUrl: string;
let seen: Seen[] = [];
/** Paths the stand-in answers with 500, to break one step of the session. */
let failing = new Set<string>();

beforeAll(async () => {
  provider = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (c) => (raw += c));
    req.on("end", () => {
      const path = req.url ?? "";
      const body = raw ? JSON.parse(raw) : {};
      seen.push({ path, body });
      const reply = (status: number, json: unknown) => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(json));
      };
      if (failing.has(path)) return reply(500, { detail: "boom" });
      if (path === "/api/auth/tokens") return body.api_key === "test-key" ? reply(201, { token: "auth-token-1" }) : reply(403, {});
      if (path === "/api/ecommerce/orders") return reply(201, { id: 4242 });
      if (path === "/api/acceptance/payment_keys") return reply(201, { token: "pay-token-9" });
      reply(404, {});
    });
  });
  await new Promise<void>((resolve) => provider.listen(0, "127.0.0.1", resolve));
  providerUrl = `http://127.0.0.1:${(provider.address() as AddressInfo).port}/api`;
});
afterAll(() => new Promise<void>((resolve) => provider.close(() => resolve())));
beforeEach(() => {
  seen = [];
  failing = new Set();
});

const silentLog = { error() {}, warn() {}, info() {} } as never;
const config = () => ({
  PAYMOB_API_URL: providerUrl,
  PAYMOB_API_KEY: "test-key",
  PAYMOB_INTEGRATION_ID: "777",
  PAYMOB_IFRAME_ID: "888",
});
const billing = {
  first_name: "Mona",
  last_name: "Hassan",
  email: "mona@example.com",
  phone_number: "01012345678",
  street: "26 July Street",
  building: "12",
  floor: "3",
  apartment: "7",
  city: "Cairo",
  country: "EG",
  postal_code: "",
  state: "Cairo",
  amount: 550,
};

describe("card payment client", () => {
  it("runs auth, order and payment key, and answers the frame address", async () => {
    const url = await createPaymentFrameUrl(config(), silentLog, { amount: 550, userId: "user-1", reference: "ORD-1", billingData: billing });
    expect(url).toBe(`${providerUrl}/acceptance/iframes/888?payment_token=pay-token-9`);
    expect(seen.map((s) => s.path)).toEqual(["/api/auth/tokens", "/api/ecommerce/orders", "/api/acceptance/payment_keys"]);
    expect(seen[1].body).toMatchObject({ auth_token: "auth-token-1", amount_cents: 55_000, currency: "EGP", data: { userId: "user-1" } });
    expect(seen[2].body).toMatchObject({ auth_token: "auth-token-1", order_id: 4242, integration_id: 777, amount_cents: 55_000 });
    // Blank billing fields are filled with "NA", which the provider requires.
    expect(seen[2].body.billing_data).toMatchObject({ first_name: "Mona", postal_code: "NA", amount: 550 });
  });

  it.each(["/api/auth/tokens", "/api/ecommerce/orders", "/api/acceptance/payment_keys"])(
    "answers an empty address when %s fails",
    async (path) => {
      failing.add(path);
      expect(await createPaymentFrameUrl(config(), silentLog, { amount: 10, userId: "u", reference: "ORD-2", billingData: billing })).toBe("");
    },
  );

  it("answers an empty address when the provider cannot be reached", async () => {
    const url = await createPaymentFrameUrl({ ...config(), PAYMOB_API_URL: "http://127.0.0.1:9/api" }, silentLog, {
      amount: 10,
      userId: "u",
      reference: "ORD-3",
      billingData: billing,
    });
    expect(url).toBe("");
  });

  it("answers an empty address without calling anyone when not configured", async () => {
    expect(await createPaymentFrameUrl({ ...config(), PAYMOB_API_KEY: undefined }, silentLog, { amount: 10, userId: "u", reference: "ORD-4", billingData: billing })).toBe("");
    expect(seen).toEqual([]);
  });
});

describe("POST /api/payments/session", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: { PAYMOB_API_URL: providerUrl, PAYMOB_API_KEY: "test-key", PAYMOB_INTEGRATION_ID: "777", PAYMOB_IFRAME_ID: "888" },
    });
  });
  afterAll(() => t.close());

  it("accepts Credit Card orders once the provider is configured and opens the frame for them", async () => {
    const { cookie } = await signedIn(t.deps.db, "user");
    const p = await makeProduct(t.deps.db, { price: 50_000 });
    const placed = await t.app.inject({
      method: "POST",
      url: "/api/order",
      headers: { cookie },
      payload: orderPayload([{ productId: p.id, quantity: 1 }], { paymentMethod: "Credit Card" }),
    });
    expect(placed.statusCode).toBe(201);
    const { orderNumber } = placed.json().order;
    const res = await t.app.inject({ method: "POST", url: "/api/payments/session", headers: { cookie }, payload: { orderNumber } });
    expect(res.statusCode).toBe(200);
    expect(res.json().url).toBe(`${providerUrl}/acceptance/iframes/888?payment_token=pay-token-9`);
    expect(seen.find((s) => s.path === "/api/ecommerce/orders")!.body.amount_cents).toBe(55_000);
    // Someone else cannot open a session on this customer's order.
    const stranger = await t.app.inject({ method: "POST", url: "/api/payments/session", payload: { orderNumber } });
    expect(stranger.statusCode).toBe(404);
  });

  it("refuses a Cash on Delivery order", async () => {
    const p = await makeProduct(t.deps.db);
    const placed = await t.app.inject({ method: "POST", url: "/api/order/guest", payload: orderPayload([{ productId: p.id, quantity: 1 }]) });
    const { orderNumber, email } = placed.json().order;
    const res = await t.app.inject({ method: "POST", url: "/api/payments/session", payload: { orderNumber, email } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("This order is not paid by card");
  });

  it("answers an empty address with a message when the provider fails", async () => {
    failing.add("/api/acceptance/payment_keys");
    const p = await makeProduct(t.deps.db);
    const placed = await t.app.inject({
      method: "POST",
      url: "/api/order/guest",
      payload: orderPayload([{ productId: p.id, quantity: 1 }], { paymentMethod: "Credit Card" }),
    });
    const { orderNumber, email } = placed.json().order;
    const res = await t.app.inject({ method: "POST", url: "/api/payments/session", payload: { orderNumber, email } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ url: "" });
    expect(res.json().message).toMatch(/could not start the card payment/);
  });
});

describe("who may open a payment session (issue 11, item 3)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: { PAYMOB_API_URL: providerUrl, PAYMOB_API_KEY: "test-key", PAYMOB_INTEGRATION_ID: "777", PAYMOB_IFRAME_ID: "888", RATE_LIMIT_SCALE: "100" },
    });
  });
  afterAll(() => t.close());

  async function guestCardOrder() {
    const p = await makeProduct(t.deps.db);
    const placed = await t.app.inject({
      method: "POST",
      url: "/api/order/guest",
      payload: orderPayload([{ productId: p.id, quantity: 1 }], { paymentMethod: "Credit Card", email: "Mona.Guest@Example.com" }),
    });
    expect(placed.statusCode).toBe(201);
    return placed.json().order.orderNumber as string;
  }
  const session = (payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: "POST", url: "/api/payments/session", payload, headers });
  const billingSent = () => seen.filter((s) => s.path === "/api/acceptance/payment_keys");

  it("refuses (404) anyone who only knows a guest order's number, and sends the provider nothing", async () => {
    const orderNumber = await guestCardOrder();
    const { cookie } = await signedIn(t.deps.db, "user");
    for (const [payload, headers, status] of [
      [{ orderNumber }, {}, 404],
      [{ orderNumber, email: "someone@example.com" }, {}, 404],
      [{ orderNumber, email: "" }, {}, 404],
      [{ orderNumber, email: "mona.guest@example.co" }, {}, 404],
      [{ orderNumber }, { cookie }, 404],
      // 10 KB in the field is refused by the schema before any lookup.
      [{ orderNumber, email: "x".repeat(10_000) }, {}, 400],
    ] as const) {
      const res = await session(payload, headers);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(status);
      expect(res.body).not.toContain("Mona");
    }
    expect((await session({ orderNumber })).json().message).toBe("Order not found");
    expect(billingSent()).toEqual([]);
  });

  it("opens the session for a guest order when the request gives the order's e-mail (any case)", async () => {
    const orderNumber = await guestCardOrder();
    const res = await session({ orderNumber, email: " mona.guest@example.COM " });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().url).toContain("payment_token=pay-token-9");
    expect(billingSent()).toHaveLength(1);
  });

  it("opens a customer's order only for that customer, whatever e-mail a stranger gives", async () => {
    const owner = await signedIn(t.deps.db, "user");
    const p = await makeProduct(t.deps.db);
    const placed = await t.app.inject({
      method: "POST",
      url: "/api/order",
      headers: { cookie: owner.cookie },
      payload: orderPayload([{ productId: p.id, quantity: 1 }], { paymentMethod: "Credit Card" }),
    });
    const { orderNumber, email } = placed.json().order;
    const stranger = await signedIn(t.deps.db, "user");
    expect((await session({ orderNumber, email })).statusCode).toBe(404);
    expect((await session({ orderNumber, email }, { cookie: stranger.cookie })).statusCode).toBe(404);
    expect((await session({ orderNumber }, { cookie: owner.cookie })).statusCode).toBe(200);
  });
});

describe("POST /api/payments/session without a provider", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("says card payment is not available", async () => {
    const res = await t.app.inject({ method: "POST", url: "/api/payments/session", payload: { orderNumber: "ORD-1234567890123" } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("Credit card payment is not available, please choose Cash on Delivery");
  });
});
