/**
 * Every /api route declares who may call it; this proves everyone else is refused, route by route:
 * guests get 401 on anything not public, customers 403 on staff and admin routes, moderators 403
 * on admin routes. The committed table docs/api-access.md must match the routes the app registers,
 * so adding a route or changing who may call one is a reviewed diff of that table
 * (regenerate it with `UPDATE_ACCESS_TABLE=1 npx vitest run tests/api/access-control.test.ts`).
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../support/test-app";
import { signedIn } from "../support/factories";
import { accessTableRows, parseAccessTable, renderAccessTable, type AccessRow } from "../support/access-table";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const concrete = (url: string) => url.replace(/:[A-Za-z_]+/g, "00000000-0000-4000-8000-000000000000");

const TABLE = path.resolve("docs/api-access.md");

/** What the running app registers: every /api route with its declared access, and the OpenAPI docs. */
const registeredRows = (): AccessRow[] =>
  accessTableRows([
    ...t.app.apiRoutes,
    { method: "GET", url: "/api/openapi.json", access: "public" },
    { method: "GET", url: "/api/docs", access: "public" },
    { method: "GET", url: "/api/docs/scalar.js", access: "public" },
  ]);

describe("the committed route access table", () => {
  it("matches every /api route the app registers, with its access", () => {
    const registered = registeredRows();
    if (process.env.UPDATE_ACCESS_TABLE === "1") fs.writeFileSync(TABLE, renderAccessTable(registered));
    const committed = parseAccessTable(fs.readFileSync(TABLE, "utf8"));
    const key = (r: AccessRow) => `${r.method} ${r.path}`;
    const committedByKey = new Map(committed.map((r) => [key(r), r.access]));
    const registeredByKey = new Map(registered.map((r) => [key(r), r.access]));
    const added = registered.filter((r) => !committedByKey.has(key(r))).map(key);
    const removed = committed.filter((r) => !registeredByKey.has(key(r))).map(key);
    const changed = registered
      .filter((r) => committedByKey.has(key(r)) && committedByKey.get(key(r)) !== r.access)
      .map((r) => `${key(r)}: table says ${committedByKey.get(key(r))}, route says ${r.access}`);
    const hint =
      "update docs/api-access.md (UPDATE_ACCESS_TABLE=1 npx vitest run tests/api/access-control.test.ts) and review the diff";
    expect({ added, removed, changed }, hint).toEqual({ added: [], removed: [], changed: [] });
    expect(committed.length).toBe(registered.length); // no row twice
  });

  it("lists every path of the OpenAPI document", async () => {
    const doc = (await t.app.inject({ method: "GET", url: "/api/openapi.json" })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const documented = Object.entries(doc.paths).flatMap(([p, ops]) =>
      Object.keys(ops)
        .filter((m) => m !== "head")
        .map((m) => `${m.toUpperCase()} ${p.replace(/\{(\w+)\}/g, ":$1")}`),
    );
    const inTable = new Set(registeredRows().map((r) => `${r.method} ${r.path}`));
    expect(documented.filter((k) => / \/api\//.test(k) && !inTable.has(k))).toEqual([]);
  });
});

describe("access control on every API route", () => {
  it("lists the API routes with their access", () => {
    expect(t.app.apiRoutes.length).toBeGreaterThan(0);
    for (const r of t.app.apiRoutes) expect(["public", "user", "staff", "admin"]).toContain(r.access);
  });

  it("refuses guests on every non-public route with 401", async () => {
    for (const r of t.app.apiRoutes.filter((r) => r.access !== "public")) {
      const res = await t.app.inject({
        method: r.method as "GET",
        url: concrete(r.url),
        payload: r.method === "GET" ? undefined : {},
      });
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(401);
      expect(res.json().message).toBeTypeOf("string");
    }
  });

  it("refuses customers on staff and admin routes with 403", async () => {
    const { headers } = await signedIn(t.deps.db, "user");
    for (const r of t.app.apiRoutes.filter((r) => r.access === "staff" || r.access === "admin")) {
      const res = await t.app.inject({
        method: r.method as "GET",
        url: concrete(r.url),
        headers,
        payload: r.method === "GET" ? undefined : {},
      });
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(403);
    }
  });

  it("refuses moderators on admin routes with 403", async () => {
    const { headers } = await signedIn(t.deps.db, "moderator");
    for (const r of t.app.apiRoutes.filter((r) => r.access === "admin")) {
      const res = await t.app.inject({
        method: r.method as "GET",
        url: concrete(r.url),
        headers,
        payload: r.method === "GET" ? undefined : {},
      });
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(403);
    }
  });

  it("answers in Arabic when the lang cookie says so", async () => {
    const route = t.app.apiRoutes.find((r) => r.access !== "public");
    if (!route) return;
    const res = await t.app.inject({
      method: route.method as "GET",
      url: concrete(route.url),
      cookies: { lang: "ar" },
    });
    expect(res.json().message).toBe("يجب تسجيل الدخول للمتابعة");
  });

  it("reports health when the database answers", async () => {
    const res = await t.app.inject({ method: "GET", url: "/healthz" });
    expect(res.statusCode).toBe(200);
  });
});
