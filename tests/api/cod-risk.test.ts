/**
 * Issue 16, parts 4 and 5: staff cancel with a reason, see each order's customer record (by phone
 * in any writing, and by e-mail), block a phone or e-mail from cash on delivery; and the limits:
 * COD_MAX_TOTAL, COD_FEE (its own line and in every total) and COD_OPEN_LIMIT orders awaiting
 * confirmation per phone, e-mail or account, held under parallel requests.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { createTestApp, onPostgres, type TestApp } from "../support/test-app";
import { signedIn } from "../support/factories";
import { makeProduct, orderPayload, stockOf } from "../support/order-factories";
import { pdfText } from "../support/pdf-text";
import { auditLog, customerBlocks, orders } from "../../server/db/schema";

let t: TestApp;
let staff: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  t = await createTestApp({
    env: { RATE_LIMIT_SCALE: "100", COD_OPEN_LIMIT: "3", COD_FEE: "15", COD_MAX_TOTAL: "2000" },
  });
  staff = await signedIn(t.deps.db, "moderator");
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const arabic = { cookie: "lang=ar" };
const uniquePhone = () => `010${Math.floor(10_000_000 + Math.random() * 89_999_999)}`;
const uniqueEmail = () => `risk-${Math.random().toString(36).slice(2, 10)}@example.com`;

interface Placed {
  _id: string;
  orderNumber: string;
  totalAmount: number;
  orderSummary: { subtotal: number; shipping: number; discount: number; codFee: number; total: number };
}

async function place(
  overrides: Record<string, unknown>,
  opts: { quantity?: number; headers?: Headers; url?: string } = {},
) {
  const p = await makeProduct(t.deps.db, { price: 50_000, stock: 20 });
  return t.app.inject({
    method: "POST",
    url: opts.url ?? "/api/order/guest",
    payload: orderPayload([{ productId: p.id, quantity: opts.quantity ?? 2 }], overrides),
    headers: opts.headers ?? {},
  });
}

async function placed(overrides: Record<string, unknown>, opts: Parameters<typeof place>[1] = {}): Promise<Placed> {
  const res = await place(overrides, opts);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().order;
}

const staffConfirm = (id: string) =>
  t.app.inject({ method: "PUT", url: `/api/moderator/orders/${id}/confirm`, headers: staff.headers });

const setStatus = (id: string, payload: Record<string, unknown>, headers: Headers = staff.headers) =>
  t.app.inject({ method: "PUT", url: `/api/moderator/orders/${id}/status`, headers, payload });

const blocksUrl = "/api/moderator/customer-blocks";
const block = (payload: Record<string, unknown>, headers: Headers = staff.headers) =>
  t.app.inject({ method: "POST", url: blocksUrl, headers, payload });

describe("cancelling with a reason", () => {
  it("stores the reason on the order, in its JSON and in the audit trail", async () => {
    const order = await placed({ phone: uniquePhone() });
    const res = await setStatus(order._id, { status: "Cancelled", reason: "unreachable" });
    expect(res.statusCode).toBe(200);
    expect(res.json().order).toMatchObject({ status: "Cancelled", cancelReason: "unreachable" });
    const [audit] = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, order._id), eq(auditLog.action, "order.status")));
    expect(audit!.details).toMatchObject({ to: "Cancelled", reason: "unreachable" });
    // Staff correct the reason later: stored and audited, no second status change.
    const corrected = await setStatus(order._id, { status: "Cancelled", reason: "refused" });
    expect(corrected.json().order.cancelReason).toBe("refused");
    const [fix] = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, order._id), eq(auditLog.action, "order.cancel-reason")));
    expect(fix!.details).toMatchObject({ from: "unreachable", to: "refused" });
    // Re-opening the order clears it.
    const reopened = await setStatus(order._id, { status: "Processing" });
    expect(reopened.json().order.cancelReason).toBeNull();
  });

  it("refuses an unknown reason, and a reason with another status, in both languages", async () => {
    const order = await placed({ phone: uniquePhone() });
    const bad = await setStatus(order._id, { status: "Cancelled", reason: "bored" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("Choose why the order is cancelled");
    const notCancel = await setStatus(order._id, { status: "Processing", reason: "refused" });
    expect(notCancel.statusCode).toBe(400);
    expect(notCancel.json().message).toBe("A reason is given only when cancelling an order");
    const ar = await setStatus(
      order._id,
      { status: "Cancelled", reason: "bored" },
      { ...staff.headers, cookie: `${staff.cookie}; lang=ar` },
    );
    expect(ar.json().message).toBe("اختر سبب إلغاء الطلب");
    expect((await t.deps.db.select().from(orders).where(eq(orders.id, order._id)))[0]!.status).toBe("Processing");
  });

  it("is staff's alone: a customer gets 403, a guest 401", async () => {
    const order = await placed({ phone: uniquePhone() });
    const customer = await signedIn(t.deps.db);
    expect((await setStatus(order._id, { status: "Cancelled", reason: "refused" }, customer.headers)).statusCode).toBe(
      403,
    );
    expect((await setStatus(order._id, { status: "Cancelled", reason: "refused" }, {})).statusCode).toBe(401);
  });

  it("marks a customer's own cancellation as asked by the customer", async () => {
    const customer = await signedIn(t.deps.db);
    const order = await placed({ phone: uniquePhone() }, { url: "/api/order", headers: customer.headers });
    const res = await t.app.inject({ method: "PUT", url: `/api/order/${order._id}/cancel`, headers: customer.headers });
    expect(res.json().order).toMatchObject({ status: "Cancelled", cancelReason: "customer_asked" });
  });
});

describe("the customer record in All Orders", () => {
  it("counts orders by phone in any writing and by e-mail in any case, and flags repeat refusers", async () => {
    const local = uniquePhone(); // 010xxxxxxxx
    const international = `+20 ${local.slice(1, 4)} ${local.slice(4, 7)} ${local.slice(7)}`;
    const email = uniqueEmail();
    const a = await placed({ phone: local, email });
    await staffConfirm(a._id);
    const b = await placed({ phone: international, email: uniqueEmail() });
    await staffConfirm(b._id);
    const c = await placed({ phone: uniquePhone(), email: email.toUpperCase() });
    await staffConfirm(c._id);
    const d = await placed({ phone: `0020${local.slice(1)}`, email: uniqueEmail() });
    await staffConfirm(d._id);
    const stranger = await placed({ phone: uniquePhone(), email: uniqueEmail() });

    expect((await setStatus(a._id, { status: "Delivered" })).statusCode).toBe(200);
    await setStatus(b._id, { status: "Shipped" });
    await setStatus(b._id, { status: "Cancelled", reason: "refused" });
    await setStatus(c._id, { status: "Cancelled", reason: "customer_asked" });

    const list = async () => {
      const res = await t.app.inject({ method: "GET", url: "/api/moderator/orders?limit=500", headers: staff.headers });
      expect(res.statusCode).toBe(200);
      return res.json().records as Record<string, Record<string, unknown>>;
    };
    let records = await list();
    expect(records[a._id]).toEqual({
      orders: 4,
      delivered: 1,
      refused: 1,
      cancelled: 1,
      totalPaid: a.totalAmount,
      flagged: false,
      blocked: { phone: false, email: false },
    });
    // b matches a and d by phone only; c matches a by e-mail only.
    expect(records[b._id]).toMatchObject({ orders: 3, refused: 1 });
    expect(records[c._id]).toMatchObject({ orders: 2, delivered: 1, cancelled: 1 });
    expect(records[stranger._id]).toMatchObject({ orders: 1, delivered: 0, refused: 0, cancelled: 0, totalPaid: 0 });

    // A second refusal reaches COD_REFUSAL_LIMIT (2): every order of that customer is flagged.
    await setStatus(d._id, { status: "Cancelled", reason: "refused" });
    records = await list();
    expect(records[a._id]).toMatchObject({ refused: 2, flagged: true });
    expect(records[d._id]).toMatchObject({ refused: 2, flagged: true });
    expect(records[stranger._id]!.flagged).toBe(false);
  });
});

describe("blocking a phone or e-mail", () => {
  it("is for staff only: a customer gets 403 and a guest 401 on every route", async () => {
    const customer = await signedIn(t.deps.db);
    const [{ id }] = await t.deps.db
      .insert(customerBlocks)
      .values({ kind: "phone", value: uniquePhone() })
      .returning({ id: customerBlocks.id });
    const calls = [
      { method: "GET" as const, url: blocksUrl },
      { method: "POST" as const, url: blocksUrl, payload: { kind: "phone", value: uniquePhone(), note: "" } },
      { method: "DELETE" as const, url: `${blocksUrl}/${id}` },
    ];
    for (const call of calls) {
      expect((await t.app.inject({ ...call, headers: customer.headers })).statusCode).toBe(403);
      expect((await t.app.inject(call)).statusCode).toBe(401);
    }
    expect(await t.deps.db.select().from(customerBlocks).where(eq(customerBlocks.id, id))).toHaveLength(1);
  });

  it("refuses cash on delivery to a blocked phone written another way, with 403 in English and Arabic", async () => {
    const local = uniquePhone();
    const res = await block({ kind: "phone", value: `+20 ${local.slice(1)}`, note: "Refused two parcels" });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      message: "Blocked from cash on delivery.",
      block: { kind: "phone", value: local, note: "Refused two parcels", createdBy: staff.user.email },
    });
    for (const phone of [
      local,
      `0020${local.slice(1)}`,
      `${local.slice(0, 3)}-${local.slice(3, 7)}-${local.slice(7)}`,
    ]) {
      const refused = await place({ phone });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().cod).toBe("blocked"); // the checkout shows it beside the order button
      expect(refused.json().message).toBe(
        "Cash on delivery is not available for this phone number or e-mail address. Please contact us if you think this is a mistake.",
      );
    }
    const ar = await place({ phone: local }, { headers: arabic });
    expect(ar.statusCode).toBe(403);
    expect(ar.json().message).toMatch(/^الدفع عند الاستلام غير متاح لرقم الهاتف أو البريد الإلكتروني هذا/);
    // Nothing was written, and the same phone writ differently cannot be blocked twice.
    expect(await t.deps.db.select().from(orders).where(eq(orders.phoneKey, local))).toHaveLength(0);
    const twice = await block({ kind: "phone", value: local });
    expect(twice.statusCode).toBe(409);

    // The block shows in All Orders' record, and unblocking lets the customer order again.
    const list = await t.app.inject({ method: "GET", url: blocksUrl, headers: staff.headers });
    const listed = list.json().blocks.find((b: { value: string }) => b.value === local);
    expect(listed).toMatchObject({ kind: "phone", note: "Refused two parcels" });
    const lifted = await t.app.inject({ method: "DELETE", url: `${blocksUrl}/${listed._id}`, headers: staff.headers });
    expect(lifted.statusCode).toBe(200);
    expect(lifted.json().message).toBe("Block lifted.");
    expect((await place({ phone: local })).statusCode).toBe(201);
    const actions = await t.deps.db.select().from(auditLog).where(eq(auditLog.targetId, listed._id));
    expect(actions.map((a) => a.action).sort()).toEqual(["customer.block", "customer.unblock"]);
    const gone = await t.app.inject({ method: "DELETE", url: `${blocksUrl}/${listed._id}`, headers: staff.headers });
    expect(gone.statusCode).toBe(404);
  });

  it("matches an e-mail in any case, including a signed-in customer's account e-mail", async () => {
    const email = uniqueEmail();
    expect((await block({ kind: "email", value: email.toUpperCase() })).json().block.value).toBe(email);
    expect((await place({ phone: uniquePhone(), email: ` ${email.replace("risk", "RISK")}` })).statusCode).toBe(403);
    const customer = await signedIn(t.deps.db, "user", { email });
    const own = await place(
      { phone: uniquePhone(), email: uniqueEmail() },
      { url: "/api/order", headers: customer.headers },
    );
    expect(own.statusCode).toBe(403);
  });

  it("checks what staff enter", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ kind: "phone", value: "12" }, "Enter a valid phone number"],
      [{ kind: "email", value: "not-an-email" }, "Email is not valid, please enter a valid email"],
      [{ kind: "fax", value: "01012345678" }, "Choose phone or e-mail"],
      [{ kind: "phone", value: "" }, "Enter a phone number or e-mail address"],
      [{ kind: "phone", value: "01012345678", note: "x".repeat(501) }, "This value is too long"],
    ];
    for (const [payload, message] of cases) {
      const res = await block(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(
      (await t.app.inject({ method: "DELETE", url: `${blocksUrl}/not-a-uuid`, headers: staff.headers })).statusCode,
    ).toBe(404);
  });
});

describe("COD_FEE", () => {
  it("is its own line in the order JSON, included in the total, the e-mail and the invoice", async () => {
    const email = uniqueEmail();
    const order = await placed({ phone: uniquePhone(), email });
    expect(order.orderSummary.codFee).toBe(15);
    expect(order.orderSummary).toMatchObject({ subtotal: 1_000, discount: 0 });
    expect(order.orderSummary.total).toBe(1_000 + order.orderSummary.shipping + 15);
    expect(order.totalAmount).toBe(order.orderSummary.total);
    await t.settle();
    const mail = t.mail.find((m) => m.to === email)!;
    expect(mail.text).toContain("Cash on delivery fee: EGP\u00a015");
    expect(mail.text).toContain(`Total: EGP\u00a0${(1_015 + order.orderSummary.shipping).toLocaleString("en")}`);

    const customer = await signedIn(t.deps.db);
    const own = await placed({ phone: uniquePhone() }, { url: "/api/order", headers: customer.headers });
    const pdf = await t.app.inject({
      method: "GET",
      url: `/api/documents/orders/${own._id}/invoice`,
      headers: customer.headers,
    });
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain("Cash on delivery fee");
    expect(text).toMatch(/EGP\s15\b/);
  });

  it("cannot be forged away by the client", async () => {
    const order = await placed({ phone: uniquePhone(), codFee: 0, total: 1, orderSummary: { codFee: 0 } });
    expect(order.orderSummary.codFee).toBe(15);
  });
});

describe("COD_MAX_TOTAL", () => {
  it("refuses a cash order whose total is above it, in English and Arabic, and takes no stock", async () => {
    const p = await makeProduct(t.deps.db, { price: 50_000, stock: 20 });
    const payload = orderPayload([{ productId: p.id, quantity: 4 }], { phone: uniquePhone() });
    const res = await t.app.inject({ method: "POST", url: "/api/order/guest", payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().cod).toBe("over-max");
    expect(res.json().message).toBe(
      "Cash on delivery is available for orders up to EGP\u00a02,000. Please pay by card or place a smaller order.",
    );
    const ar = await t.app.inject({ method: "POST", url: "/api/order/guest", payload, headers: arabic });
    expect(ar.json().message).toBe(
      "الدفع عند الاستلام متاح للطلبات حتى \u200f2,000\u00a0ج.م.\u200f. يُرجى الدفع بالبطاقة أو تقديم طلب أصغر.",
    );
    const [row] = await t.deps.db
      .select()
      .from(orders)
      .where(eq(orders.phone, payload.phone as string));
    expect(row).toBeUndefined();
    expect(await stockOf(t.deps.db, p.id)).toBe(20);
    // Three items (1,500 + shipping + fee) are under it.
    const ok = await place({ phone: uniquePhone() }, { quantity: 3 });
    expect(ok.statusCode).toBe(201);
  });
});

describe("COD_OPEN_LIMIT", () => {
  it("allows three unconfirmed orders per phone (in any writing), the fourth is refused until one is confirmed", async () => {
    const local = uniquePhone();
    const first = await placed({ phone: local });
    await placed({ phone: `+2${local}` });
    await placed({ phone: `0020 ${local.slice(1)}` });
    const fourth = await place({ phone: local });
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json().cod).toBe("open-limit");
    expect(fourth.json().message).toBe(
      "You already have 3 cash-on-delivery orders waiting for confirmation. Please confirm them with the code we sent by SMS before placing another.",
    );
    const ar = await place({ phone: local }, { headers: arabic });
    expect(ar.json().message).toMatch(/^لديك بالفعل طلبات دفع عند الاستلام في انتظار التأكيد \(الحد 3\)/);
    expect((await staffConfirm(first._id)).statusCode).toBe(200);
    expect((await place({ phone: local })).statusCode).toBe(201);
  });

  it("counts by e-mail and by account too", async () => {
    const email = uniqueEmail();
    for (let i = 0; i < 3; i++) await placed({ phone: uniquePhone(), email });
    expect((await place({ phone: uniquePhone(), email: email.toUpperCase() })).statusCode).toBe(409);

    const customer = await signedIn(t.deps.db);
    const own = { url: "/api/order", headers: customer.headers };
    for (let i = 0; i < 3; i++) await placed({ phone: uniquePhone(), email: uniqueEmail() }, own);
    expect((await place({ phone: uniquePhone(), email: uniqueEmail() }, own)).statusCode).toBe(409);
  });

  it("holds under parallel orders from one phone: exactly three are placed", async () => {
    const phone = uniquePhone();
    const p = await makeProduct(t.deps.db, { price: 50_000, stock: 50 });
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        t.app.inject({
          method: "POST",
          url: "/api/order/guest",
          payload: orderPayload([{ productId: p.id, quantity: 1 }], {
            phone: i % 2 ? phone : `+20${phone.slice(1)}`,
            email: uniqueEmail(),
          }),
        }),
      ),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(3);
    expect(codes.filter((c) => c === 409)).toHaveLength(9);
    const rows = await t.deps.db.select().from(orders).where(eq(orders.phoneKey, phone));
    expect(rows).toHaveLength(3);
    if (onPostgres()) expect(rows.every((r) => r.confirmation === "pending")).toBe(true);
  });
});

describe("the moderator dashboard's cash-on-delivery rates", () => {
  it("gives the confirmation rate and the refusal rate of the last 30 days", async () => {
    const read = async () =>
      (await t.app.inject({ method: "GET", url: "/api/moderator/analytics", headers: staff.headers })).json()
        .codRates as Record<string, number | null>;
    const before = await read();
    const a = await placed({ phone: uniquePhone() });
    const b = await placed({ phone: uniquePhone() });
    await placed({ phone: uniquePhone() }); // stays unconfirmed
    await staffConfirm(a._id);
    await staffConfirm(b._id);
    await setStatus(a._id, { status: "Delivered" });
    await setStatus(b._id, { status: "Out for Delivery" });
    await setStatus(b._id, { status: "Cancelled", reason: "refused" });
    const after = await read();
    expect(after.needingConfirmation).toBe(before.needingConfirmation! + 3);
    expect(after.confirmed).toBe(before.confirmed! + 2);
    expect(after.shipped).toBe(before.shipped! + 2);
    expect(after.refused).toBe(before.refused! + 1);
    expect(after.confirmationRate).toBeCloseTo(after.confirmed! / after.needingConfirmation!);
    expect(after.refusalRate).toBeCloseTo(after.refused! / after.shipped!);
  });
});
