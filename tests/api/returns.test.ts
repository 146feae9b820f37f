/**
 * Issue 17 §2, §3, §5: return and exchange requests. The 14-day window (day 13 yes, day 15 409 with
 * the policy in both languages), one open request per line (also when requests race, on
 * PostgreSQL), exchanges only to a pair in stock and reserved at approval, stock back on receipt,
 * refund limits, the steps' order (two staff at once do it once), who may do what, photo limits,
 * the customer's e-mails and the audit trail.
 */
import { and, desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, orders, productVariants } from "../../server/db/schema";
import { signedIn } from "../support/factories";
import { deliveredOrder, photoPng, returnForm, type DeliveredOrder } from "../support/return-factories";
import { createTestApp, onPostgres, type TestApp } from "../support/test-app";

let t: TestApp;
let staff: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_SCALE: "100" } });
  staff = await signedIn(t.deps.db, "moderator");
});
afterAll(() => t.close());

type Headers = Record<string, string>;

const variantStock = async (productId: string, size: string) => {
  const [row] = await t.deps.db
    .select({ stock: productVariants.stock })
    .from(productVariants)
    .where(and(eq(productVariants.productId, productId), eq(productVariants.size, size)));
  return row!.stock;
};

function ask(body: Record<string, unknown>, headers: Headers = {}, photos: Parameters<typeof returnForm>[1] = []) {
  const form = returnForm(body, photos);
  return t.app.inject({
    method: "POST",
    url: "/api/returns",
    payload: form.payload,
    headers: { ...headers, ...form.headers },
  });
}

const refundBody = (order: DeliveredOrder, extra: Record<string, unknown> = {}) => ({
  orderNumber: order.orderNumber,
  kind: "refund",
  reason: "changed_mind",
  lines: [{ lineId: order.lines[0]!._id, quantity: 1 }],
  ...extra,
});

const exchangeBody = (order: DeliveredOrder, size = "L", quantity = 1) => ({
  orderNumber: order.orderNumber,
  kind: "exchange",
  reason: "size_too_small",
  lines: [{ lineId: order.lines[0]!._id, quantity, size, color: "#000000" }],
});

const staffPut = (id: string, action: string, payload?: object, headers: Headers = staff.headers) =>
  t.app.inject({ method: "PUT", url: `/api/moderator/returns/${id}/${action}`, payload, headers });

const orderJson = async (orderNumber: string, headers: Headers = staff.headers) =>
  (await t.app.inject({ method: "POST", url: "/api/order/id", payload: { orderNumber }, headers })).json().order;

describe("the 14-day window", () => {
  it("accepts a request on day 13 and answers 409 with the refund policy in both languages on day 15", async () => {
    const owner = await signedIn(t.deps.db);
    const day13 = await deliveredOrder(t, { cookie: owner.cookie, daysAgo: 13 });
    const ok = await ask(refundBody(day13), owner.headers);
    expect(ok.statusCode).toBe(201);
    expect(ok.json().orderNumber).toBe(day13.orderNumber);

    const day15 = await deliveredOrder(t, { cookie: owner.cookie, daysAgo: 15 });
    const late = await ask(refundBody(day15), owner.headers);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(/14 days/);
    expect(late.json().policy.en).toMatch(/refund policy/);
    expect(late.json().policy.ar).toMatch(/14 يومًا/);
    const lateAr = await ask(refundBody(day15), { cookie: `${owner.cookie}; lang=ar` });
    expect(lateAr.statusCode).toBe(409);
    expect(lateAr.json().message).toBe(late.json().policy.ar);
    const options = await t.app.inject({
      method: "POST",
      url: "/api/returns/options",
      payload: { orderNumber: day15.orderNumber },
      headers: owner.headers,
    });
    expect(options.statusCode).toBe(409);
  });

  it("refuses an order that is not delivered", async () => {
    const owner = await signedIn(t.deps.db);
    const order = await deliveredOrder(t, { cookie: owner.cookie });
    await t.deps.db.execute(`update orders set status = 'Shipped', delivered_at = null where id = '${order._id}'`);
    expect((await ask(refundBody(order), owner.headers)).statusCode).toBe(409);
  });
});

describe("what may be asked", () => {
  it("offers exchanges only to other pairs of the same product that are in stock", async () => {
    const owner = await signedIn(t.deps.db);
    const order = await deliveredOrder(t, { cookie: owner.cookie, lStock: 2 });
    const res = await t.app.inject({
      method: "POST",
      url: "/api/returns/options",
      payload: { orderNumber: order.orderNumber },
      headers: owner.headers,
    });
    expect(res.statusCode).toBe(200);
    const line = res.json().lines[0];
    // M (the line's own pair, 8 left) is not an exchange; S has none; L has 2.
    expect(line.exchangeOptions).toEqual([{ size: "L", color: "#000000", stock: 2 }]);
    expect(line.openState).toBeNull();

    expect((await ask(exchangeBody(order, "S"), owner.headers)).statusCode).toBe(409);
    expect((await ask(exchangeBody(order, "M"), owner.headers)).statusCode).toBe(409);
    expect((await ask(exchangeBody(order, "L", 2), owner.headers)).statusCode).toBe(201);
  });

  it("takes at most the ordered quantity, lines of this order only, and a note of 500 characters", async () => {
    const owner = await signedIn(t.deps.db);
    const order = await deliveredOrder(t, { cookie: owner.cookie, quantity: 2 });
    const other = await deliveredOrder(t, { cookie: owner.cookie });
    const tooMany = await ask(
      refundBody(order, { lines: [{ lineId: order.lines[0]!._id, quantity: 3 }] }),
      owner.headers,
    );
    expect(tooMany.statusCode).toBe(400);
    const foreign = await ask(
      refundBody(order, { lines: [{ lineId: other.lines[0]!._id, quantity: 1 }] }),
      owner.headers,
    );
    expect(foreign.statusCode).toBe(400);
    const longNote = await ask(refundBody(order, { note: "x".repeat(501) }), owner.headers);
    expect(longNote.statusCode).toBe(400);
    expect(longNote.json().errors[0].path).toBe("note");
    const badReason = await ask(refundBody(order, { reason: "bored" }), owner.headers);
    expect(badReason.statusCode).toBe(400);
    expect(
      (await ask(refundBody(order, { lines: [{ lineId: order.lines[0]!._id, quantity: 2 }] }), owner.headers))
        .statusCode,
    ).toBe(201);
  });
});

describe("one open request per order line", () => {
  it("refuses a second request for a line until the first is rejected", async () => {
    const owner = await signedIn(t.deps.db);
    const order = await deliveredOrder(t, { cookie: owner.cookie });
    const first = await ask(refundBody(order), owner.headers);
    expect(first.statusCode).toBe(201);
    const second = await ask(refundBody(order), owner.headers);
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toMatch(/already open/);

    const rejected = await staffPut(first.json().id, "reject", { reason: "Worn" });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json().request.state).toBe("rejected");
    expect((await ask(refundBody(order), owner.headers)).statusCode).toBe(201);
  });

  it.runIf(onPostgres())(
    "lets exactly one of ten parallel requests for the same line through (PostgreSQL)",
    async () => {
      const owner = await signedIn(t.deps.db);
      const order = await deliveredOrder(t, { cookie: owner.cookie });
      const replies = await Promise.all(Array.from({ length: 10 }, () => ask(refundBody(order), owner.headers)));
      const codes = replies.map((r) => r.statusCode).sort();
      expect(codes.filter((c) => c === 201)).toHaveLength(1);
      expect(codes.filter((c) => c === 409)).toHaveLength(9);
      expect((await orderJson(order.orderNumber)).returns).toHaveLength(1);
    },
  );
  it.skipIf(onPostgres())("parallel requests run on PostgreSQL only (PGlite runs one query at a time)", () => {});
});

describe("an exchange, approved, received", () => {
  it("reserves the new pair at approval, ships a no-charge order linked both ways, and restocks on receipt", async () => {
    const owner = await signedIn(t.deps.db);
    const order = await deliveredOrder(t, { cookie: owner.cookie, quantity: 2, lStock: 3 });
    const asked = await ask(exchangeBody(order, "L", 2), owner.headers);
    expect(asked.statusCode).toBe(201);
    const id = asked.json().id as string;
    expect(await variantStock(order.productId, "L")).toBe(3); // nothing taken before approval

    const approved = await staffPut(id, "approve");
    expect(approved.statusCode).toBe(200);
    const request = approved.json().request;
    expect(request.state).toBe("approved");
    expect(request.exchangeOrder.orderNumber).toMatch(/^ORD-/);
    expect(await variantStock(order.productId, "L")).toBe(1);

    const exchange = await orderJson(request.exchangeOrder.orderNumber);
    expect(exchange.totalAmount).toBe(0);
    expect(exchange.paymentStatus).toBe("Paid");
    expect(exchange.confirmation).toBeNull();
    expect(exchange.products).toMatchObject([{ size: "L", color: "#000000", quantity: 2, lineTotal: 0 }]);
    expect(exchange.exchangeOf).toEqual({ _id: order._id, orderNumber: order.orderNumber });
    const original = await orderJson(order.orderNumber, owner.headers);
    expect(original.exchangeOrders).toEqual([{ _id: exchange._id, orderNumber: exchange.orderNumber }]);
    expect(original.returns).toMatchObject([{ _id: id, state: "approved", kind: "exchange" }]);

    const mBefore = await variantStock(order.productId, "M");
    const received = await staffPut(id, "receive");
    expect(received.statusCode).toBe(200);
    expect(received.json().request.state).toBe("received");
    expect(await variantStock(order.productId, "M")).toBe(mBefore + 2);
    // An exchange is settled by its new order: nothing to refund.
    expect((await staffPut(id, "refund", { amount: 10, method: "cash" })).statusCode).toBe(409);
  });

  it("answers 409 and changes nothing when the new pair sold out before approval", async () => {
    const owner = await signedIn(t.deps.db);
    const order = await deliveredOrder(t, { cookie: owner.cookie, lStock: 1 });
    const id = (await ask(exchangeBody(order, "L"), owner.headers)).json().id as string;
    await t.deps.db
      .update(productVariants)
      .set({ stock: 0 })
      .where(and(eq(productVariants.productId, order.productId), eq(productVariants.size, "L")));
    const res = await staffPut(id, "approve");
    expect(res.statusCode).toBe(409);
    const list = (
      await t.app.inject({ method: "GET", url: "/api/moderator/returns?state=open", headers: staff.headers })
    ).json();
    expect(list.returns.find((r: { _id: string }) => r._id === id)).toMatchObject({
      state: "open",
      exchangeOrder: null,
    });
    expect((await orderJson(order.orderNumber)).exchangeOrders).toEqual([]);
  });
});

describe("a refund", () => {
  it("is given only after receipt, up to what the lines were paid, and shows in refundAmountsOverTime", async () => {
    const owner = await signedIn(t.deps.db);
    const order = await deliveredOrder(t, { cookie: owner.cookie, quantity: 2, price: 50_000 });
    const id = (await ask(refundBody(order), owner.headers)).json().id as string;
    expect((await staffPut(id, "refund", { amount: 100, method: "cash" })).statusCode).toBe(409);
    expect((await staffPut(id, "receive")).statusCode).toBe(409);
    expect((await staffPut(id, "approve")).statusCode).toBe(200);
    const mBefore = await variantStock(order.productId, "M");
    expect((await staffPut(id, "receive")).statusCode).toBe(200);
    expect(await variantStock(order.productId, "M")).toBe(mBefore + 1);

    // One of two units at 500 EGP each: at most 500.
    const tooMuch = await staffPut(id, "refund", { amount: 500.01, method: "cash" });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().message).toMatch(/at most 500/);
    expect((await staffPut(id, "refund", { amount: 0, method: "cash" })).statusCode).toBe(400);
    expect((await staffPut(id, "refund", { amount: 100, method: "cheque" })).statusCode).toBe(400);
    const before = await t.app.inject({ method: "GET", url: "/api/moderator/analytics", headers: staff.headers });
    const refunded = await staffPut(id, "refund", { amount: 450.5, method: "wallet" });
    expect(refunded.statusCode).toBe(200);
    expect(refunded.json().request).toMatchObject({ state: "refunded", refundAmount: 450.5, refundMethod: "wallet" });
    expect((await staffPut(id, "refund", { amount: 1, method: "cash" })).statusCode).toBe(409);

    const after = await t.app.inject({ method: "GET", url: "/api/moderator/analytics", headers: staff.headers });
    const todayOf = (r: typeof after) => r.json().refundAmountsOverTime.at(-1).amount as number;
    expect(todayOf(after) - todayOf(before)).toBeCloseTo(450.5, 2);
    expect(after.json().returnRate).toBeGreaterThan(0);
    expect(after.json().topReturnReasons.map((r: { name: string }) => r.name)).toContain("changed_mind");
  });
});

describe("a refund after a promo code (decision 357)", () => {
  it("is capped at what the customer paid for the lines, the promo's share taken off, and staff see that figure", async () => {
    const owner = await signedIn(t.deps.db);
    const order = await deliveredOrder(t, { cookie: owner.cookie, quantity: 2, price: 50_000 });
    // The order had 20 % off its 1,000 EGP subtotal: the customer paid 400 EGP per unit.
    await t.deps.db
      .update(orders)
      .set({
        promoCode: "SAVE20",
        promoPercent: 20,
        promoDiscount: sql`${orders.subtotal} / 5`,
        total: sql`${orders.total} - ${orders.subtotal} / 5`,
      })
      .where(eq(orders.id, order._id));
    const id = (await ask(refundBody(order), owner.headers)).json().id as string;
    expect((await staffPut(id, "approve")).statusCode).toBe(200);
    const received = await staffPut(id, "receive");
    expect(received.statusCode).toBe(200);
    expect(received.json().request).toMatchObject({ refundable: 400, lines: [{ paid: 400 }] });

    const tooMuch = await staffPut(id, "refund", { amount: 400.01, method: "cash" });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().message).toMatch(/at most 400/);
    const refunded = await staffPut(id, "refund", { amount: 400, method: "cash" });
    expect(refunded.statusCode).toBe(200);
    expect(refunded.json().request).toMatchObject({ state: "refunded", refundAmount: 400 });
  });
});

describe("the steps' order", () => {
  it("refuses steps out of order, and a second approval", async () => {
    const owner = await signedIn(t.deps.db);
    const order = await deliveredOrder(t, { cookie: owner.cookie });
    const id = (await ask(refundBody(order), owner.headers)).json().id as string;
    expect((await staffPut(id, "approve")).statusCode).toBe(200);
    expect((await staffPut(id, "approve")).statusCode).toBe(409);
    expect((await staffPut(id, "reject", { reason: "Late" })).statusCode).toBe(409);
    expect((await staffPut(id, "reject", { reason: "" })).statusCode).toBe(400);
    expect((await staffPut("00000000-0000-4000-8000-000000000000", "approve")).statusCode).toBe(404);
  });

  it.runIf(onPostgres())("two staff approving an exchange at once reserve its stock once (PostgreSQL)", async () => {
    const owner = await signedIn(t.deps.db);
    const other = await signedIn(t.deps.db, "admin");
    const order = await deliveredOrder(t, { cookie: owner.cookie, lStock: 3 });
    const id = (await ask(exchangeBody(order, "L"), owner.headers)).json().id as string;
    const replies = await Promise.all([
      staffPut(id, "approve"),
      staffPut(id, "approve", undefined, other.headers),
      staffPut(id, "approve"),
    ]);
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    expect(await variantStock(order.productId, "L")).toBe(2);
    expect((await orderJson(order.orderNumber)).exchangeOrders).toHaveLength(1);
  });
});

describe("who may ask and act", () => {
  it("lets a guest ask with the order's phone or e-mail, and refuses another customer or a wrong phone as not found", async () => {
    const order = await deliveredOrder(t);
    const stranger = await signedIn(t.deps.db);
    const wrongPhone = await ask({ ...refundBody(order), contact: "01099999999" });
    expect(wrongPhone.statusCode).toBe(404);
    const noContact = await ask(refundBody(order));
    expect(noContact.statusCode).toBe(404);
    expect((await ask(refundBody(order), stranger.headers)).statusCode).toBe(404);
    const options = await t.app.inject({
      method: "POST",
      url: "/api/returns/options",
      payload: { orderNumber: order.orderNumber, contact: "+20 101 234 5678" },
    });
    expect(options.statusCode).toBe(200);
    const byEmail = await ask({ ...refundBody(order), contact: order.email.toUpperCase() });
    expect(byEmail.statusCode).toBe(201);
    // The guest's tracking view shows the request's state.
    const tracked = await orderJson(order.orderNumber, {});
    expect(tracked.masked).toBe(true);
    expect(tracked.returns).toMatchObject([{ state: "open", kind: "refund" }]);
  });

  it("refuses customers and guests on the staff routes", async () => {
    const customer = await signedIn(t.deps.db);
    const order = await deliveredOrder(t, { cookie: customer.cookie });
    const id = (await ask(refundBody(order), customer.headers)).json().id as string;
    for (const headers of [customer.headers, {}]) {
      const list = await t.app.inject({ method: "GET", url: "/api/moderator/returns", headers });
      expect([401, 403]).toContain(list.statusCode);
      expect([401, 403]).toContain((await staffPut(id, "approve", undefined, headers)).statusCode);
      const photo = await t.app.inject({ method: "GET", url: `/api/moderator/returns/${id}/photos/1`, headers });
      expect([401, 403]).toContain(photo.statusCode);
    }
    expect((await staffPut(id, "approve", undefined, customer.headers)).statusCode).toBe(403);
  });
});

describe("photos", () => {
  it("keeps up to three images privately, re-encoded, for staff only", async () => {
    const owner = await signedIn(t.deps.db);
    const order = await deliveredOrder(t, { cookie: owner.cookie });
    const png = await photoPng();
    const res = await ask(refundBody(order), owner.headers, [{ content: png }, { content: png }]);
    expect(res.statusCode).toBe(201);
    const list = (await t.app.inject({ method: "GET", url: "/api/moderator/returns", headers: staff.headers })).json();
    const mine = list.returns.find((r: { _id: string }) => r._id === res.json().id);
    expect(mine.photos).toBe(2);
    const photo = await t.app.inject({
      method: "GET",
      url: `/api/moderator/returns/${mine._id}/photos/2`,
      headers: staff.headers,
    });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers["content-type"]).toBe("image/webp");
    expect(photo.rawPayload.subarray(8, 12).toString("latin1")).toBe("WEBP");
    const missing = await t.app.inject({
      method: "GET",
      url: `/api/moderator/returns/${mine._id}/photos/3`,
      headers: staff.headers,
    });
    expect(missing.statusCode).toBe(404);
  });

  it("refuses a fourth photo, a file that is not an image, and a photo over 5 MB, keeping nothing", async () => {
    const owner = await signedIn(t.deps.db);
    const order = await deliveredOrder(t, { cookie: owner.cookie });
    const png = await photoPng();
    const four = await ask(
      refundBody(order),
      owner.headers,
      [png, png, png, png].map((content) => ({ content })),
    );
    expect(four.statusCode).toBe(413);
    const text = await ask(refundBody(order), owner.headers, [
      { content: Buffer.from("not an image at all"), type: "image/png" },
    ]);
    expect(text.statusCode).toBe(400);
    const big = Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024)]);
    const large = await ask(refundBody(order), owner.headers, [{ content: big }]);
    expect(large.statusCode).toBe(413);
    expect((await orderJson(order.orderNumber)).returns).toEqual([]);
  });
});

describe("e-mails and the audit trail", () => {
  it("e-mails the customer at each step in the order's language and records each staff step", async () => {
    const owner = await signedIn(t.deps.db);
    const order = await deliveredOrder(t, { cookie: `${owner.cookie}; lang=ar` });
    const ar = { cookie: `${owner.cookie}; lang=ar` };
    const id = (await ask(refundBody(order), ar)).json().id as string;
    for (const [action, body] of [
      ["approve", undefined],
      ["receive", undefined],
      ["refund", { amount: 200, method: "cash" }],
    ] as const) {
      expect((await staffPut(id, action, body)).statusCode).toBe(200);
    }
    await t.settle();
    const mine = t.mail.filter((m) => m.to === order.email && /إرجاع|استلمنا|استرداد/.test(m.subject));
    expect(mine.map((m) => m.subject)).toHaveLength(4);
    // The refund's e-mail names the amount (the jobs may be delivered in any order).
    expect(mine.some((m) => m.subject.includes("استرداد") && m.text.includes("200"))).toBe(true);
    const audit = await t.deps.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, id))
      .orderBy(desc(auditLog.createdAt));
    expect(audit.map((a) => a.action).sort()).toEqual(["return.approve", "return.receive", "return.refund"]);
    expect(audit.every((a) => a.actorEmail === staff.user.email)).toBe(true);
  });
});
