/**
 * Paths, methods and text no route expects answer a JSON { message } in the caller's language,
 * never a 500 and never the HTML 404 page (issue 11).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { createTestApp, type TestApp } from "../support/test-app";
import { classifyDbError } from "../../server/http/db-errors";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_SCALE: "100" } });
});
afterAll(() => t.close());

const ar = { cookie: "lang=ar" };
type Method = "GET" | "POST" | "PUT" | "DELETE" | "TRACE" | "PATCH";

describe("unknown API paths and methods", () => {
  it("answers an unknown /api path with a JSON 404 in both languages", async () => {
    const en = await t.app.inject({ method: "GET", url: "/api/nothing-here" });
    expect(en.statusCode).toBe(404);
    expect(en.headers["content-type"]).toMatch(/^application\/json/);
    expect(en.json()).toEqual({ message: "Not found", requestId: expect.any(String) });
    expect((await t.app.inject({ method: "GET", url: "/api/nothing-here", headers: ar })).json()).toEqual({
      message: "غير موجود",
      requestId: expect.any(String),
    });
  });

  it("refuses a wrong method on an API path with a JSON 405 and an Allow header", async () => {
    const res = await t.app.inject({ method: "DELETE", url: "/api/order/id" });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe("POST");
    expect(res.json()).toEqual({ message: "This action is not allowed here", requestId: expect.any(String) });
    const withParam = await t.app.inject({
      method: "PATCH",
      url: "/api/products/0b6c7a52-1111-4222-8333-944455556666",
    });
    expect(withParam.statusCode).toBe(405);
    expect(withParam.headers.allow?.split(", ").sort()).toEqual(["DELETE", "GET", "HEAD", "PUT"]);
    const arabic = await t.app.inject({ method: "DELETE", url: "/api/order/id", headers: ar });
    expect(arabic.json()).toEqual({ message: "هذا الإجراء غير مسموح به هنا", requestId: expect.any(String) });
  });

  it.each<[Method, string]>([
    ["TRACE", "/"],
    ["TRACE", "/api/products"],
  ])("refuses %s %s with a 405, not a 500", async (method, url) => {
    const res = await t.app.inject({ method, url });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toEqual(expect.any(String));
    expect(res.json().message).toBe("This action is not allowed here");
  });

  it("answers a path parameter of 10,000 characters with a 400 or 404, not a 500", async () => {
    for (const url of [
      `/api/products/${"a".repeat(101)}`,
      `/api/products/${"a".repeat(10_000)}`,
      `/api/order/${"x".repeat(500)}/cancel`,
    ]) {
      const res = await t.app.inject({ method: "GET", url });
      expect([400, 401, 404, 405]).toContain(res.statusCode);
      expect(res.json().message).toEqual(expect.any(String));
    }
  });
});

describe("a NUL character anywhere", () => {
  const refusesNul = (res: { statusCode: number; json(): { message: string } }) => {
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("Some fields contain characters that are not allowed");
  };

  it("refuses it in a query with a 400 in both languages", async () => {
    refusesNul(await t.app.inject({ method: "GET", url: "/api/products?search=%00" }));
    refusesNul(await t.app.inject({ method: "GET", url: "/api/products?collection=%00" })); // was ignored (200) before issue 11
    const arabic = await t.app.inject({ method: "GET", url: "/api/products?search=a%00b", headers: ar });
    expect(arabic.statusCode).toBe(400);
    expect(arabic.json().message).toBe("بعض الحقول تحتوي على رموز غير مسموح بها");
  });

  it("refuses it in an order number, a path parameter and a contact message", async () => {
    refusesNul(await t.app.inject({ method: "POST", url: "/api/order/id", payload: { orderNumber: "ORD-\u00001" } }));
    refusesNul(await t.app.inject({ method: "GET", url: "/api/products/abc%00def" }));
    refusesNul(
      await t.app.inject({
        method: "POST",
        url: "/api/sendmessage",
        payload: {
          name: "Salma",
          email: "salma@example.com",
          phone: "01012345678",
          type: "Support",
          message: "hello\u0000there",
          files: [],
        },
      }),
    );
  });

  it("maps PostgreSQL's invalid byte sequence (22021) to a 400, whatever reached the database", async () => {
    const err = await t.deps.db.execute(sql`select ${"a\u0000b"}::text as v`).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).not.toBeNull();
    expect(classifyDbError(err)).toBe("bad_text");
    expect(classifyDbError({ message: "Failed query", cause: { code: "22P05" } })).toBe("bad_text");
  });
});

describe("server errors", () => {
  it("map a lost database connection to 503, whether a code or a driver message says so", () => {
    expect(classifyDbError({ message: "Failed query", cause: { code: "57P01" } })).toBe("unavailable");
    expect(classifyDbError(new Error("Connection terminated unexpectedly"))).toBe("unavailable");
    expect(classifyDbError(Object.assign(new Error("read ECONNRESET"), { code: "ECONNRESET" }))).toBe("unavailable");
    expect(classifyDbError(new Error("something else"))).toBeNull();
  });
});
