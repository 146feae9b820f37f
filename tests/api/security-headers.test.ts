/**
 * Every answer carries Helmet's headers (computed once at boot, see server/http/security-headers.ts),
 * API answers the strict `default-src 'none'` policy, and errors carry them too.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../support/test-app";
import { securityHeaders } from "../../server/http/security-headers";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe("security headers", () => {
  it("are Helmet's own values", () => {
    const headers = Object.fromEntries(securityHeaders({ crossOriginEmbedderPolicy: false }));
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["content-security-policy"]).toContain("default-src 'self'");
    expect(headers).not.toHaveProperty("cross-origin-embedder-policy");
  });

  it.each([
    ["an API answer", "/api/products", 200],
    ["a refusal", "/api/wishlist", 401],
    ["an unknown API path", "/api/nothing-here", 404],
  ])("are on %s", async (_what, url, status) => {
    const res = await t.app.inject({ method: "GET", url });
    expect(res.statusCode).toBe(status);
    expect(res.headers["content-security-policy"]).toMatch(/^default-src 'none';/);
    expect(res.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["x-frame-options"]).toBe("SAMEORIGIN");
    // Same-origin: form posts carry their Origin (React Router's check), other sites get no referrer.
    expect(res.headers["referrer-policy"]).toBe("same-origin");
    expect(res.headers["cross-origin-opener-policy"]).toBe("same-origin");
    expect(res.headers["strict-transport-security"]).toBeUndefined(); // only in production over https
    expect(res.headers["x-powered-by"]).toBeUndefined();
  });
});
