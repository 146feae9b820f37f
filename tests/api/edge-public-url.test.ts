/**
 * Links in e-mails point at PUBLIC_URL (in development and tests: http://localhost:PORT), never at
 * the Host or X-Forwarded-Host a caller sends (DESIGN.md §3).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../support/test-app";
import { makeProduct, orderPayload } from "../support/order-factories";

describe("links in order e-mails", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { PORT: "4321", TRUST_PROXY: "1" } });
  });
  afterAll(() => t.close());

  it("ignore a forged Host header and point at the shop's own address", async () => {
    const p = await makeProduct(t.deps.db, { price: 10_000, stock: 5 });
    const res = await t.app.inject({
      method: "POST",
      url: "/api/order/guest",
      payload: orderPayload([{ productId: p.id, quantity: 1 }], { email: "forged-host@example.com" }),
      headers: { host: "evil.example", "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" },
    });
    expect(res.statusCode).toBe(201);
    await t.settle();
    const mail = t.mail.find((m) => m.to === "forged-host@example.com")!;
    expect(mail.text).toContain(`http://localhost:4321/orders?on=${res.json().order.orderNumber}`);
    expect(JSON.stringify(mail)).not.toContain("evil.example");
  });
});

describe("links in order e-mails with PUBLIC_URL", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL: "https://azya.example/" } });
  });
  afterAll(() => t.close());

  it("use PUBLIC_URL whatever the Host header says", async () => {
    const p = await makeProduct(t.deps.db, { price: 10_000, stock: 5 });
    const res = await t.app.inject({
      method: "POST",
      url: "/api/order/guest",
      payload: orderPayload([{ productId: p.id, quantity: 1 }], { email: "public-url@example.com" }),
      headers: { host: "evil.example" },
    });
    await t.settle();
    const mail = t.mail.find((m) => m.to === "public-url@example.com")!;
    expect(mail.text).toContain(`https://azya.example/orders?on=${res.json().order.orderNumber}`);
    expect(JSON.stringify(mail)).not.toContain("evil.example");
  });
});
