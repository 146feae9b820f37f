/** SPEC §7 promo code calls and §5 Promo code create. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../support/test-app";
import { signedIn } from "../support/factories";
import { makePromoCode } from "../support/order-factories";

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  cookie = (await signedIn(t.deps.db, "moderator")).cookie;
});
afterAll(() => t.close());

const day = (offset: number) => new Date(Date.now() + offset * 24 * 3600_000).toISOString().slice(0, 10);
const create = (payload: object, lang?: "ar") =>
  t.app.inject({
    method: "POST",
    url: "/api/promocodes",
    payload,
    headers: { cookie: lang ? `${cookie}; lang=${lang}` : cookie },
  });

describe("promo codes", () => {
  it("creates a code, upper-cased, and answers message and promoCode with _id", async () => {
    const res = await create({ code: "summer25", discountValue: 25, usageLimit: 3, expDate: day(2) });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe("Promo code created successfully");
    expect(res.json().promoCode).toMatchObject({
      code: "SUMMER25",
      discountValue: 25,
      usageLimit: 3,
      uses: 0,
      active: true,
    });
    expect(res.json().promoCode._id).toBeTypeOf("string");
  });

  it("refuses a code that exists with 409", async () => {
    await create({ code: "TWICE", discountValue: 5, usageLimit: 1, expDate: day(3) });
    const res = await create({ code: "twice", discountValue: 5, usageLimit: 1, expDate: day(3) });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe("This promo code already exists");
  });

  it("requires all four fields: 'Please fill all fields'", async () => {
    const res = await create({ code: "EMPTY", discountValue: "", usageLimit: 1, expDate: day(2) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("Please fill all fields");
    expect(
      (await create({ code: "EMPTY", discountValue: "", usageLimit: 1, expDate: day(2) }, "ar")).json().message,
    ).toBe("يرجى ملء جميع الحقول");
  });

  it("keeps the discount within 0 to 100, max uses at 1 or more, and the expiry at tomorrow or later", async () => {
    expect((await create({ code: "BIG", discountValue: 101, usageLimit: 1, expDate: day(2) })).json().message).toBe(
      "Discount must be between 0 and 100",
    );
    expect((await create({ code: "NOUSE", discountValue: 10, usageLimit: 0, expDate: day(2) })).json().message).toBe(
      "Max uses must be at least 1",
    );
    expect((await create({ code: "TODAY", discountValue: 10, usageLimit: 1, expDate: day(0) })).json().message).toBe(
      "Expiry date must be tomorrow or later",
    );
    expect((await create({ code: "TOMORROW", discountValue: 10, usageLimit: 1, expDate: day(1) })).statusCode).toBe(
      201,
    );
  });

  it("refuses an unreadable or overlong expiry with 400 and a message in English and Arabic, never 500", async () => {
    const far = new Date().getUTCFullYear() + 1;
    for (const expDate of [
      `${far}-01-01Tnonsense`,
      `${far}-13-45`,
      "tomorrow",
      `${far}-01-01T${"9".repeat(10_000)}`,
      20270101,
      ["2027-01-01"],
    ]) {
      const res = await create({ code: "BADDATE", discountValue: 10, usageLimit: 1, expDate });
      expect(res.statusCode, String(expDate).slice(0, 30)).toBe(400);
      expect(res.json().message).toBe("Expiry date is not a valid date");
    }
    const ar = await create(
      { code: "BADDATE", discountValue: 10, usageLimit: 1, expDate: `${far}-01-01Tnonsense` },
      "ar",
    );
    expect(ar.statusCode).toBe(400);
    expect(ar.json().message).toBe("تاريخ الانتهاء ليس تاريخًا صحيحًا");
  });

  it("refuses 10 KB in the code with 400 and the code's message", async () => {
    const res = await create({ code: "A".repeat(10_000), discountValue: 10, usageLimit: 1, expDate: day(2) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("A code is 3 to 32 letters, digits or dashes");
  });

  it("lists codes for staff, the newest expiry first", async () => {
    await makePromoCode(t.deps.db, { code: "LATER", expDate: new Date(Date.now() + 90 * 24 * 3600_000) });
    await makePromoCode(t.deps.db, { code: "SOONER", expDate: new Date(Date.now() + 30 * 24 * 3600_000) });
    const res = await t.app.inject({ method: "GET", url: "/api/promocodes", headers: { cookie } });
    const codes = res.json().promoCodes.map((p: { code: string }) => p.code);
    expect(codes.indexOf("LATER")).toBeLessThan(codes.indexOf("SOONER"));
    const dates = res.json().promoCodes.map((p: { expDate: string }) => p.expDate);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it("checks a code at checkout: its percent for a good one, a reason for a bad one", async () => {
    await makePromoCode(t.deps.db, { code: "GOOD10", discountValue: 10 });
    await makePromoCode(t.deps.db, { code: "OLD", expDate: new Date(Date.now() - 1000) });
    await makePromoCode(t.deps.db, { code: "GONE", usageLimit: 2, uses: 2 });
    const good = await t.app.inject({ method: "GET", url: "/api/promocodes/good10" });
    expect(good.statusCode).toBe(200);
    expect(good.json()).toMatchObject({ discountValue: 10, message: "Promo code applied: 10% off" });
    const old = await t.app.inject({ method: "GET", url: "/api/promocodes/OLD" });
    expect(old.statusCode).toBe(400);
    expect(old.json().message).toBe("This promo code has expired");
    const gone = await t.app.inject({ method: "GET", url: "/api/promocodes/GONE" });
    expect(gone.statusCode).toBe(409);
    expect(gone.json().message).toBe("This promo code has reached its usage limit");
    const unknown = await t.app.inject({ method: "GET", url: "/api/promocodes/NOPE", cookies: { lang: "ar" } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe("كود الخصم هذا غير صالح");
  });

  it("deletes a code outright", async () => {
    const code = await makePromoCode(t.deps.db, { code: "BYE" });
    const res = await t.app.inject({ method: "DELETE", url: `/api/promocodes/${code.id}`, headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe("Promo code deleted successfully");
    expect((await t.app.inject({ method: "GET", url: "/api/promocodes/BYE" })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: "DELETE", url: `/api/promocodes/${code.id}`, headers: { cookie } })).statusCode,
    ).toBe(404);
  });

  it("keeps the list and changes for staff", async () => {
    const { cookie: customer } = await signedIn(t.deps.db, "user");
    expect(
      (await t.app.inject({ method: "GET", url: "/api/promocodes", headers: { cookie: customer } })).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ method: "GET", url: "/api/promocodes" })).statusCode).toBe(401);
  });

  it("slows down guessing codes: too many checks a minute answer 429", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++) {
      statuses.push(
        (await t.app.inject({ method: "GET", url: `/api/promocodes/GUESS${i}`, remoteAddress: "10.9.8.7" })).statusCode,
      );
    }
    expect(statuses.slice(0, 20).every((s) => s === 404)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});
