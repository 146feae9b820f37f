/**
 * Issue 13 (decision 200): guest tracking works without scripts: `/orders?on=…` (the tracking
 * form is a plain GET form) is answered by the page loader with the same service as
 * `POST /api/order/id`: the guest's masked view, and one per-address limit for both doors.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Lang } from "@core/constants";
import { type SessionUser, toSessionUser } from "../../server/modules/accounts/sessions";
import { trackFromAddress } from "../../app/lib/track-order.server";
import { createTestApp, type TestApp } from "../support/test-app";
import { loadContextFor } from "../support/load-context";
import { clientIp } from "../support/account-factories";
import { signedIn } from "../support/factories";
import { makeProduct, orderPayload } from "../support/order-factories";

let t: TestApp;
let orderNumber: string;
beforeAll(async () => {
  t = await createTestApp();
  const product = await makeProduct(t.deps.db, { stock: 10 });
  const placed = await t.app.inject({
    method: "POST",
    url: "/api/order/guest",
    payload: orderPayload([{ productId: product.id, quantity: 1 }], { phone: "01098765432" }),
    remoteAddress: clientIp(),
  });
  expect(placed.statusCode).toBe(201);
  orderNumber = placed.json().order.orderNumber;
});
afterAll(() => t.close());

const context = (ip: string, user: SessionUser | null = null, lang: Lang = "en") => loadContextFor(t, ip, user, lang);

const track = (on: string | null, ip: string, user: SessionUser | null = null, lang: Lang = "en") =>
  trackFromAddress(
    new URL(on === null ? "http://127.0.0.1/orders" : `http://127.0.0.1/orders?on=${encodeURIComponent(on)}`),
    context(ip, user, lang),
  );
const apiTrack = (number: string, ip: string) =>
  t.app.inject({ method: "POST", url: "/api/order/id", payload: { orderNumber: number }, remoteAddress: ip });

describe("tracking an order from the address (?on=)", () => {
  it("shows a guest the same masked order as the API, whatever the case of the number", async () => {
    const found = await track(` ${orderNumber.toLowerCase()} `, clientIp());
    const api = (await apiTrack(orderNumber, clientIp())).json().order;
    expect(found && "order" in found ? JSON.parse(JSON.stringify(found.order)) : found).toEqual(api);
    expect(found).toMatchObject({ number: orderNumber, order: { orderNumber, phone: "010*****432" } });
  });

  it("shows the owner or staff the whole order, as the API does", async () => {
    const staff = await signedIn(t.deps.db, "moderator");
    const found = await track(orderNumber, clientIp(), toSessionUser(staff.user));
    expect(found).toMatchObject({ order: { phone: "01098765432" } });
  });

  it("answers nothing without ?on=, and the page's messages for an empty, unknown or overlong number", async () => {
    expect(await track(null, clientIp())).toBeNull();
    expect(await track("", clientIp())).toEqual({
      number: "",
      error: "Please enter an order number (eg. ORD-1234567890123)",
    });
    expect(await track("ORD-0000000000000", clientIp(), null, "ar")).toEqual({
      number: "ORD-0000000000000",
      error: "الطلب غير موجود",
    });
    const long = await track("9".repeat(10 * 1024), clientIp());
    expect(long).toMatchObject({ error: "Order not found" });
    expect(long?.number.length).toBe(40);
  });
});

describe("one rate limit for the tracking form and the API", () => {
  it("refuses the API after twenty searches from the page from one address", async () => {
    const ip = clientIp();
    for (let i = 0; i < 20; i++)
      expect(await track("ORD-0000000000000", ip)).toMatchObject({ error: "Order not found" });
    expect((await apiTrack(orderNumber, ip)).statusCode).toBe(429);
    expect((await apiTrack(orderNumber, clientIp())).statusCode).toBe(200);
  });

  it("refuses the page after twenty API searches from one address", async () => {
    const ip = clientIp();
    for (let i = 0; i < 20; i++) expect((await apiTrack("ORD-0000000000000", ip)).statusCode).toBe(404);
    expect(await track(orderNumber, ip)).toEqual({
      number: orderNumber,
      error: "Too many attempts, please wait a moment and try again",
    });
  });
});
