/**
 * Issue 16: a cash-on-delivery order awaits confirmation (the SMS code, the e-mail's link, or staff
 * after a call), cannot ship before it, and is cancelled with its stock returned when nobody
 * confirms it within COD_CONFIRM_HOURS. With COD_CONFIRMATION=off it is simply Processing.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { createTestApp, onPostgres, type TestApp } from "../support/test-app";
import { signedIn } from "../support/factories";
import { makeProduct, orderPayload, stockOf } from "../support/order-factories";
import { auditLog, jobs, orderConfirmations, orders } from "../../server/db/schema";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: "https://shop.example", RATE_LIMIT_SCALE: "100" } });
});
afterAll(() => t.close());

const arabic = { cookie: "lang=ar" };
const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "POST", url, payload, headers });

/** A guest's COD order and the code of the SMS it sent. */
async function placeCodOrder(overrides: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  const p = await makeProduct(t.deps.db, { stock: 5 });
  const phone = `010${Math.floor(10_000_000 + Math.random() * 89_999_999)}`;
  const res = await post(
    "/api/order/guest",
    orderPayload([{ productId: p.id, quantity: 2 }], { phone, ...overrides }),
    headers,
  );
  expect(res.statusCode).toBe(201);
  await t.settle();
  const order = res.json().order;
  return { order, product: p, phone, code: lastCodeTo(phone) };
}

function lastCodeTo(phone: string): string {
  const sms = t.sms.filter((m) => m.to === phone).at(-1);
  const code = sms?.text.match(/\b\d{6}\b/)?.[0];
  if (!code) throw new Error(`no code sent to ${phone}`);
  return code;
}

const confirm = (orderNumber: string, code: string) => post("/api/order/confirm", { orderNumber, code });
const orderRow = async (id: string) => (await t.deps.db.select().from(orders).where(eq(orders.id, id)))[0]!;

describe("a new cash-on-delivery order", () => {
  it("is Processing and awaiting confirmation, with a code by SMS and a link in the e-mail", async () => {
    const { order, phone, code } = await placeCodOrder({ email: "cod-new@example.com" });
    expect(order.status).toBe("Processing");
    expect(order).toMatchObject({ confirmation: "pending", confirmedAt: null, confirmedBy: null });
    const sms = t.sms.find((m) => m.to === phone)!;
    expect(sms.text).toBe(
      `Azya: your code to confirm order ${order.orderNumber} is ${code}. Cash on delivery: ${sms.text.match(/Cash on delivery: (.+)\.$/)![1]}.`,
    );
    const mail = t.mail.find((m) => m.to === "cod-new@example.com")!;
    expect(mail.subject).toBe(`Please confirm your order ${order.orderNumber}`);
    expect(mail.text).toContain(code);
    expect(mail.text).toContain(`https://shop.example/orders?on=${order.orderNumber}&code=${code}`);
    expect(mail.text).toContain("An order not confirmed within 48 hours is cancelled.");
    // The code is stored as a keyed hash, never in clear.
    const [stored] = await t.deps.db.select().from(orderConfirmations).where(eq(orderConfirmations.orderId, order._id));
    expect(stored!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored!.codeHash).not.toContain(code);
  });

  it("sends the SMS and e-mail in Arabic to a customer ordering in Arabic", async () => {
    const { order, phone } = await placeCodOrder({ email: "cod-ar@example.com" }, arabic);
    expect(t.sms.find((m) => m.to === phone)!.text).toMatch(
      new RegExp(`^أزيا: رمز تأكيد طلبك ${order.orderNumber} هو \\d{6}\\.`),
    );
    expect(t.mail.find((m) => m.to === "cod-ar@example.com")!.subject).toBe(`يُرجى تأكيد طلبك ${order.orderNumber}`);
  });

  it("shows the guest tracking view that it awaits confirmation", async () => {
    const { order } = await placeCodOrder();
    const res = await post("/api/order/id", { orderNumber: order.orderNumber });
    expect(res.json().order).toMatchObject({ masked: true, confirmation: "pending" });
  });
});

describe("POST /api/order/confirm", () => {
  it("answers 400 with a message to a wrong code, then 200 to the right one, and the order is confirmed by the customer", async () => {
    const { order, code } = await placeCodOrder();
    const wrong = code === "000000" ? "111111" : "000000";
    const bad = await confirm(order.orderNumber, wrong);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("That code is not right. Tries left: 4.");
    const good = await confirm(order.orderNumber, code);
    expect(good.statusCode).toBe(200);
    expect(good.json().message).toBe("Your order is confirmed. Thank you!");
    const row = await orderRow(order._id);
    expect(row).toMatchObject({ confirmation: "confirmed", confirmedBy: "customer", status: "Processing" });
    expect(row.confirmedAt).toBeInstanceOf(Date);
    // Confirming again (the SMS, then the e-mail's link) is no error.
    expect((await confirm(order.orderNumber, code)).statusCode).toBe(200);
  });

  it("answers in Arabic with the lang cookie, and checks the code's format", async () => {
    const { order, code } = await placeCodOrder();
    const bad = await post(
      "/api/order/confirm",
      { orderNumber: order.orderNumber, code: code === "999999" ? "111111" : "999999" },
      arabic,
    );
    expect(bad.json().message).toBe("الرمز غير صحيح. المحاولات المتبقية: 4.");
    for (const odd of ["12345", "abcdef", "1".repeat(10_000)]) {
      const res = await confirm(order.orderNumber, odd);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe("Enter the 6-digit code");
    }
    expect((await confirm("ORD-0000000000000", code)).statusCode).toBe(404);
  });

  it("voids the code after five wrong ones, offers a new code only after 60 s, and the new code works", async () => {
    const { order, phone, code } = await placeCodOrder();
    const wrong = code === "000000" ? "111111" : "000000";
    const messages = [];
    for (let i = 0; i < 5; i++) messages.push((await confirm(order.orderNumber, wrong)).json().message);
    expect(messages.slice(0, 4)).toEqual([1, 2, 3, 4].map((n) => `That code is not right. Tries left: ${5 - n}.`));
    expect(messages[4]).toMatch(/^Too many wrong codes/);
    const voided = await confirm(order.orderNumber, code);
    expect(voided.statusCode).toBe(400);
    expect(voided.json().message).toMatch(/^Too many wrong codes/);

    const soon = await post("/api/order/confirm/resend", { orderNumber: order.orderNumber });
    expect(soon.statusCode).toBe(429);
    expect(soon.json().message).toMatch(/^You can ask for a new code in \d+ seconds\.$/);
    await t.deps.db
      .update(orderConfirmations)
      .set({ sentAt: sql`now() - interval '61 seconds'` })
      .where(eq(orderConfirmations.orderId, order._id));
    const again = await post("/api/order/confirm/resend", { orderNumber: order.orderNumber });
    expect(again.statusCode).toBe(200);
    expect(again.json().message).toBe("A new code was sent by SMS to your phone.");
    await t.settle();
    const fresh = lastCodeTo(phone);
    expect((await confirm(order.orderNumber, fresh)).statusCode).toBe(200);
  });

  it("refuses a cash order that was cancelled, and an order that needs no confirmation", async () => {
    const { order, code } = await placeCodOrder();
    const staff = await signedIn(t.deps.db, "moderator");
    await t.app.inject({
      method: "PUT",
      url: `/api/moderator/orders/${order._id}/status`,
      headers: staff.headers,
      payload: { status: "Cancelled" },
    });
    const res = await confirm(order.orderNumber, code);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe("This order was cancelled, so it cannot be confirmed.");
    expect((await post("/api/order/confirm/resend", { orderNumber: order.orderNumber })).statusCode).toBe(409);
  });
});

describe("staff", () => {
  it("cannot ship an unconfirmed order; one click confirms it, recorded in the audit log", async () => {
    const staff = await signedIn(t.deps.db, "moderator");
    const { order } = await placeCodOrder();
    const ship = () =>
      t.app.inject({
        method: "PUT",
        url: `/api/moderator/orders/${order._id}/status`,
        headers: staff.headers,
        payload: { status: "Shipped" },
      });
    const refused = await ship();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/^This cash-on-delivery order is not confirmed yet/);
    expect((await orderRow(order._id)).status).toBe("Processing");

    const confirmed = await t.app.inject({
      method: "PUT",
      url: `/api/moderator/orders/${order._id}/confirm`,
      headers: staff.headers,
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({
      message: "Order confirmed.",
      order: { confirmation: "confirmed", confirmedBy: "staff" },
    });
    const audit = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, order._id), eq(auditLog.action, "order.confirm")));
    expect(audit).toHaveLength(1);
    expect((await ship()).statusCode).toBe(200);
  });

  it("filters All Orders to those awaiting confirmation", async () => {
    const staff = await signedIn(t.deps.db, "moderator");
    const waiting = (await placeCodOrder()).order;
    const done = await placeCodOrder();
    await confirm(done.order.orderNumber, done.code);
    const res = await t.app.inject({
      method: "GET",
      url: "/api/moderator/orders?awaiting=true&limit=500",
      headers: staff.headers,
    });
    const numbers = res.json().orders.map((o: { orderNumber: string }) => o.orderNumber);
    expect(numbers).toContain(waiting.orderNumber);
    expect(numbers).not.toContain(done.order.orderNumber);
    expect(res.json().orders.every((o: { confirmation: string }) => o.confirmation === "pending")).toBe(true);
  });

  it("refuses the staff confirmation to a customer", async () => {
    const { order } = await placeCodOrder();
    const customer = await signedIn(t.deps.db, "user");
    const res = await t.app.inject({
      method: "PUT",
      url: `/api/moderator/orders/${order._id}/confirm`,
      headers: customer.headers,
    });
    expect(res.statusCode).toBe(403);
  });
});

describe("expiry after COD_CONFIRM_HOURS", () => {
  const expiryJob = async (orderId: string) =>
    (
      await t.deps.db
        .select()
        .from(jobs)
        .where(eq(jobs.uniqueKey, `expire:${orderId}`))
    )[0];
  const makeDue = (orderId: string) =>
    t.deps.db
      .update(jobs)
      .set({ runAt: sql`now()` })
      .where(eq(jobs.uniqueKey, `expire:${orderId}`));

  it("cancels an unconfirmed order, returns its stock and tells the customer by e-mail", async () => {
    const { order, product, code } = await placeCodOrder({ email: "cod-expired@example.com" });
    expect(await stockOf(t.deps.db, product.id)).toBe(3);
    const job = await expiryJob(order._id);
    const hours = (job!.runAt.getTime() - new Date(order.createdAt).getTime()) / 3_600_000;
    expect(hours).toBeGreaterThan(47.99);
    expect(hours).toBeLessThan(48.01);

    await makeDue(order._id);
    await t.settle();
    expect((await orderRow(order._id)).status).toBe("Cancelled");
    expect(await stockOf(t.deps.db, product.id)).toBe(5);
    const mail = t.mail.filter((m) => m.to === "cod-expired@example.com").at(-1)!;
    expect(mail.subject).toBe(`Order ${order.orderNumber} was cancelled: it was not confirmed`);
    expect(await expiryJob(order._id)).toBeUndefined();
    expect((await confirm(order.orderNumber, code)).statusCode).toBe(409);
    const [audit] = await t.deps.db.select().from(auditLog).where(eq(auditLog.targetId, order._id));
    expect(audit).toMatchObject({ actorId: null, details: { from: "Processing", to: "Cancelled" } });
  });

  it("leaves a confirmed order alone", async () => {
    const { order, product, code } = await placeCodOrder();
    await confirm(order.orderNumber, code);
    await makeDue(order._id);
    await t.settle();
    expect((await orderRow(order._id)).status).toBe("Processing");
    expect(await stockOf(t.deps.db, product.id)).toBe(3);
  });
});

describe("with COD_CONFIRMATION=off", () => {
  it("places a cash order simply Processing, sends no code, and lets staff ship it", async () => {
    const off = await createTestApp({ env: { COD_CONFIRMATION: "off" } });
    try {
      const p = await makeProduct(off.deps.db, { stock: 5 });
      const res = await off.app.inject({
        method: "POST",
        url: "/api/order/guest",
        payload: orderPayload([{ productId: p.id, quantity: 1 }], { email: "cod-off@example.com" }),
      });
      const order = res.json().order;
      expect(order).toMatchObject({ status: "Processing", confirmation: null });
      await off.settle();
      expect(off.sms).toHaveLength(0);
      expect(off.mail[0]!.subject).toBe(`Your order ${order.orderNumber} is confirmed`);
      expect(await off.deps.db.select().from(jobs)).toHaveLength(0);
      const staff = await signedIn(off.deps.db, "moderator");
      const shipped = await off.app.inject({
        method: "PUT",
        url: `/api/moderator/orders/${order._id}/status`,
        headers: staff.headers,
        payload: { status: "Shipped" },
      });
      expect(shipped.statusCode).toBe(200);
    } finally {
      await off.close();
    }
  });
});

describe("expiry racing a confirmation on PostgreSQL", () => {
  it.skipIf(!onPostgres())("either confirms or cancels, never both", async () => {
    for (let round = 0; round < 5; round++) {
      const { order, product, code } = await placeCodOrder();
      await t.deps.db
        .update(jobs)
        .set({ runAt: sql`now()` })
        .where(eq(jobs.uniqueKey, `expire:${order._id}`));
      const [reply] = await Promise.all([confirm(order.orderNumber, code), t.deps.jobs.runDue()]);
      const row = await orderRow(order._id);
      if (reply.statusCode === 200) {
        expect(row).toMatchObject({ status: "Processing", confirmation: "confirmed" });
        expect(await stockOf(t.deps.db, product.id)).toBe(3);
      } else {
        expect(reply.statusCode).toBe(409);
        expect(row).toMatchObject({ status: "Cancelled", confirmation: "pending" });
        expect(await stockOf(t.deps.db, product.id)).toBe(5);
      }
    }
  });
});

describe("guessing on PostgreSQL", () => {
  it.skipIf(!onPostgres())("compares exactly five of 50 parallel wrong guesses", async () => {
    const { order, code } = await placeCodOrder();
    const wrong = code === "000000" ? "111111" : "000000";
    const replies = await Promise.all(Array.from({ length: 50 }, () => confirm(order.orderNumber, wrong)));
    expect(replies.every((r) => r.statusCode === 400)).toBe(true);
    const messages = replies.map((r) => r.json().message as string);
    // Each compared guess reports the tries it left (4, 3, 2, 1; the fifth voids the code): each once.
    const left = messages.filter((m) => m.startsWith("That code is not right")).sort();
    expect(left).toEqual([1, 2, 3, 4].map((n) => `That code is not right. Tries left: ${n}.`));
    const [row] = await t.deps.db.select().from(orderConfirmations).where(eq(orderConfirmations.orderId, order._id));
    expect(row!.attempts).toBe(5);
    expect((await confirm(order.orderNumber, code)).statusCode).toBe(400);
  });
});
