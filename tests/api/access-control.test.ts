/**
 * Every /api route declares who may call it; this proves everyone else is refused, route by route:
 * guests get 401 on anything not public, customers 403 on staff and admin routes, moderators 403
 * on admin routes.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../support/test-app";
import { signedIn } from "../support/factories";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const concrete = (url: string) => url.replace(/:[A-Za-z_]+/g, "00000000-0000-4000-8000-000000000000");

describe("access control on every API route", () => {
  it("lists the API routes with their access", () => {
    expect(t.app.apiRoutes.length).toBeGreaterThan(0);
    for (const r of t.app.apiRoutes) expect(["public", "user", "staff", "admin"]).toContain(r.access);
  });

  it("refuses guests on every non-public route with 401", async () => {
    for (const r of t.app.apiRoutes.filter((r) => r.access !== "public")) {
      const res = await t.app.inject({ method: r.method as "GET", url: concrete(r.url), payload: r.method === "GET" ? undefined : {} });
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(401);
      expect(res.json().message).toBeTypeOf("string");
    }
  });

  it("refuses customers on staff and admin routes with 403", async () => {
    const { headers } = await signedIn(t.deps.db, "user");
    for (const r of t.app.apiRoutes.filter((r) => r.access === "staff" || r.access === "admin")) {
      const res = await t.app.inject({ method: r.method as "GET", url: concrete(r.url), headers, payload: r.method === "GET" ? undefined : {} });
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(403);
    }
  });

  it("refuses moderators on admin routes with 403", async () => {
    const { headers } = await signedIn(t.deps.db, "moderator");
    for (const r of t.app.apiRoutes.filter((r) => r.access === "admin")) {
      const res = await t.app.inject({ method: r.method as "GET", url: concrete(r.url), headers, payload: r.method === "GET" ? undefined : {} });
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(403);
    }
  });

  it("answers in Arabic when the lang cookie says so", async () => {
    const route = t.app.apiRoutes.find((r) => r.access !== "public");
    if (!route) return;
    const res = await t.app.inject({ method: route.method as "GET", url: concrete(route.url), cookies: { lang: "ar" } });
    expect(res.json().message).toBe("يجب تسجيل الدخول للمتابعة");
  });

  it("reports health when the database answers", async () => {
    const res = await t.app.inject({ method: "GET", url: "/healthz" });
    expect(res.statusCode).toBe(200);
  });
});
