/**
 * Issue 17 §4: invoices and the staff's slips-and-labels file as PDF. Who may download what (the
 * owner, staff, a guest with the order's number and phone), the limits, and that the Arabic
 * invoice's text comes out of the PDF in logical order (pdftotext, Debian's poppler-utils).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../support/test-app";
import { signedIn } from "../support/factories";
import { makeProduct, orderPayload } from "../support/order-factories";
import { pdfText } from "../support/pdf-text";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_SCALE: "100" } });
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const arabic = (headers: Headers = {}): Headers => ({
  ...headers,
  cookie: [headers.cookie, "lang=ar"].filter(Boolean).join("; "),
});

async function placeOrder(overrides: Record<string, unknown> = {}, cookie?: string) {
  const product = await makeProduct(t.deps.db, { price: 50_000, stock: 10 });
  const res = await t.app.inject({
    method: "POST",
    url: cookie ? "/api/order" : "/api/order/guest",
    payload: orderPayload([{ productId: product.id, quantity: 2 }], overrides),
    headers: cookie ? { cookie } : {},
  });
  expect(res.statusCode).toBe(201);
  return res.json().order as { _id: string; orderNumber: string; orderSummary: { total: number } };
}

const isPdf = (body: Buffer) => body.subarray(0, 5).toString("latin1") === "%PDF-";
const pageCount = (pdf: Buffer) => (pdf.toString("latin1").match(/\/Type \/Page\b/g) ?? []).length;

describe("the invoice for a signed-in owner", () => {
  it("downloads the owner's invoice as a PDF attachment", async () => {
    const owner = await signedIn(t.deps.db);
    const order = await placeOrder({}, owner.cookie);
    const res = await t.app.inject({
      method: "GET",
      url: `/api/documents/orders/${order._id}/invoice`,
      headers: owner.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["content-disposition"]).toBe(`attachment; filename="invoice-${order.orderNumber}.pdf"`);
    expect(res.headers["cache-control"]).toBe("private, no-store");
    expect(isPdf(res.rawPayload)).toBe(true);
    const text = pdfText(res.rawPayload);
    expect(text).toContain("Invoice");
    expect(text).toContain(order.orderNumber);
    expect(text).toContain("Mona Hassan");
    expect(text).toContain("EGP 1,050"); // 2 × 500 + Cairo's 50
    expect(text).toContain("Cash on delivery");
    // The line's size and its colour by name, not the stored "#000000".
    expect(text).toContain("M / Black");
  });

  it("refuses another customer's order as not found", async () => {
    const owner = await signedIn(t.deps.db);
    const other = await signedIn(t.deps.db);
    const order = await placeOrder({}, owner.cookie);
    const res = await t.app.inject({
      method: "GET",
      url: `/api/documents/orders/${order._id}/invoice`,
      headers: other.headers,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe("Order not found");
  });

  it("refuses a guest order to a signed-in customer who did not place it", async () => {
    const order = await placeOrder();
    const someone = await signedIn(t.deps.db);
    const res = await t.app.inject({
      method: "GET",
      url: `/api/documents/orders/${order._id}/invoice`,
      headers: someone.headers,
    });
    expect(res.statusCode).toBe(404);
  });

  it("lets staff download the invoice of any order", async () => {
    const order = await placeOrder();
    for (const role of ["moderator", "admin"] as const) {
      const staff = await signedIn(t.deps.db, role);
      const res = await t.app.inject({
        method: "GET",
        url: `/api/documents/orders/${order._id}/invoice`,
        headers: staff.headers,
      });
      expect(res.statusCode, role).toBe(200);
      expect(isPdf(res.rawPayload)).toBe(true);
    }
  });

  it("answers 400 for an id that is not an order id", async () => {
    const owner = await signedIn(t.deps.db);
    const res = await t.app.inject({
      method: "GET",
      url: "/api/documents/orders/not-a-uuid/invoice",
      headers: owner.headers,
    });
    expect(res.statusCode).toBe(400);
  });
});

describe("the invoice for a guest (order number and phone)", () => {
  const guestInvoice = (payload: object, headers: Headers = {}) =>
    t.app.inject({ method: "POST", url: "/api/documents/invoice/guest", payload, headers });

  it("downloads with the order's number and phone, however the phone is written", async () => {
    const order = await placeOrder({ phone: "01012345678" });
    for (const phone of ["01012345678", "010 1234 5678", "+20 10 1234 5678"]) {
      const res = await guestInvoice({ orderNumber: order.orderNumber.toLowerCase(), phone });
      expect(res.statusCode, phone).toBe(200);
      expect(isPdf(res.rawPayload)).toBe(true);
    }
  });

  it("refuses the wrong phone with the same answer as an unknown order", async () => {
    const order = await placeOrder({ phone: "01012345678" });
    const wrong = await guestInvoice({ orderNumber: order.orderNumber, phone: "01099999999" });
    const unknown = await guestInvoice({ orderNumber: "ORD-0000000000000", phone: "01012345678" });
    expect(wrong.statusCode).toBe(404);
    expect(unknown.statusCode).toBe(404);
    // Each reply has its own request id; everything else is the same.
    expect({ ...wrong.json(), requestId: "" }).toEqual({ ...unknown.json(), requestId: "" });
    expect(wrong.headers["content-type"]).toMatch(/^application\/json/);
  });

  it("requires both the number and the phone", async () => {
    const order = await placeOrder();
    expect((await guestInvoice({ orderNumber: order.orderNumber })).statusCode).toBe(400);
    expect((await guestInvoice({ phone: "01012345678" })).statusCode).toBe(400);
  });
});

describe("the staff's slips and labels file", () => {
  const print = (ids: string[], headers: Headers) =>
    t.app.inject({ method: "GET", url: `/api/documents/slips-and-labels?ids=${ids.join(",")}`, headers });

  it("puts a packing slip then a label for each selected order in one PDF", async () => {
    const staff = await signedIn(t.deps.db, "moderator");
    const a = await placeOrder();
    const b = await placeOrder({ paymentMethod: "Cash on Delivery", firstName: "Salma" });
    const res = await print([a._id, b._id], staff.headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["content-disposition"]).toMatch(
      /^attachment; filename="slips-and-labels-\d{4}-\d{2}-\d{2}\.pdf"$/,
    );
    expect(pageCount(res.rawPayload)).toBe(4);
    const text = pdfText(res.rawPayload);
    expect(text.match(/Packing slip/g)).toHaveLength(2);
    expect(text.match(/Shipping label/g)).toHaveLength(2);
    expect(text).toContain(a.orderNumber);
    expect(text).toContain(b.orderNumber);
    expect(text).toContain("Cash to collect");
    expect(text).toContain("EGP 1,050");
  });

  it("takes the ids as a plain form sends them (ids=a&ids=b), repeated ids once", async () => {
    const staff = await signedIn(t.deps.db, "moderator");
    const a = await placeOrder();
    const b = await placeOrder();
    const res = await t.app.inject({
      method: "GET",
      url: `/api/documents/slips-and-labels?ids=${a._id}&ids=${b._id}&ids=${a._id}`,
      headers: staff.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(pageCount(res.rawPayload)).toBe(4);
  });

  it("refuses customers, and guests", async () => {
    const order = await placeOrder();
    const customer = await signedIn(t.deps.db);
    expect((await print([order._id], customer.headers)).statusCode).toBe(403);
    expect((await print([order._id], {})).statusCode).toBe(401);
  });

  it("limits one file to 50 orders and needs at least one", async () => {
    const staff = await signedIn(t.deps.db, "moderator");
    const order = await placeOrder();
    const many = Array.from({ length: 51 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`);
    const tooMany = await print(many, staff.headers);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe("At most 50 orders per file.");
    expect((await print([...many.slice(0, 49), order._id], staff.headers)).statusCode).toBe(200);
    expect((await print([], staff.headers)).statusCode).toBe(400);
    expect((await print(["not-a-uuid"], staff.headers)).statusCode).toBe(400);
  });

  it("answers 404 when none of the ids is an order", async () => {
    const staff = await signedIn(t.deps.db, "moderator");
    const res = await print(["00000000-0000-4000-8000-000000000000"], staff.headers);
    expect(res.statusCode).toBe(404);
  });
});

describe("an Arabic invoice", () => {
  it("holds the customer's Arabic name and the total in logical order (pdftotext)", async () => {
    const owner = await signedIn(t.deps.db);
    const order = await placeOrder(
      {
        firstName: "فاطمة",
        lastName: "الزهراء",
        address: { street: "شارع عباس العقاد", area: "مدينة نصر" },
      },
      owner.cookie,
    );
    const res = await t.app.inject({
      method: "GET",
      url: `/api/documents/orders/${order._id}/invoice`,
      headers: arabic(owner.headers),
    });
    expect(res.statusCode).toBe(200);
    const text = pdfText(res.rawPayload);
    // The name reads first name then family name, each word's letters in reading order.
    expect(text).toContain("فاطمة الزهراء");
    expect(text).not.toContain("الزهراء فاطمة");
    expect(text).toContain("شارع عباس العقاد");
    // The total in Latin digits (decision 002), digits in order, with the pound's Arabic abbreviation.
    expect(order.orderSummary.total).toBe(1_050);
    expect(text).toMatch(/1,050\s*ج\.م\./);
    expect(text).toContain("فاتورة");
    expect(text).toContain("الدفع عند الاستلام");
    expect(text).toContain("أسود");
  });
});

describe("the guest path's rate limit", () => {
  it("answers 429 after 20 tries a minute, like the tracking lookup", async () => {
    const limited = await createTestApp();
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 22; i++) {
        const res = await limited.app.inject({
          method: "POST",
          url: "/api/documents/invoice/guest",
          payload: { orderNumber: `ORD-${String(i).padStart(13, "0")}`, phone: "01012345678" },
        });
        statuses.push(res.statusCode);
      }
      expect(statuses.slice(0, 20).every((s) => s === 404)).toBe(true);
      expect(statuses.slice(20)).toEqual([429, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe("the contracts", () => {
  it("describe the downloads as PDF files in the OpenAPI document", async () => {
    const doc = (await t.app.inject({ method: "GET", url: "/api/openapi.json" })).json();
    const op = doc.paths["/api/documents/slips-and-labels"].get;
    expect(op.operationId).toBe("documents.downloadSlipsAndLabels");
    expect(Object.keys(op.responses["200"].content)).toEqual(["application/pdf"]);
  });
});
