import { describe, expect, it } from "vitest";
import os from "node:os";
import { defaultRenderThreads, loadConfig, pagesInFlight } from "../../server/config";

describe("configuration from the environment", () => {
  it("has working defaults on a bare machine (PGlite, port 3000, ./data)", () => {
    // `npm start` (scripts/start.mjs) supplies PUBLIC_URL=http://localhost:PORT when none is given.
    const c = loadConfig({ PUBLIC_URL: "http://localhost:3000" });
    expect(c.PORT).toBe(3000);
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.dataDir.endsWith("data")).toBe(true);
    expect(c.cardPaymentEnabled).toBe(false);
    // Pages in flight at once (decisions 366, 394): on one thread 8 let a random guest page wait
    // 0.4–1.2 s at p99, 3 about 0.6 s, 2 about 0.4 s for as many pages a second. Two more for each
    // render thread, which renders while the main thread loads the next (decision 406).
    // (server/http/ssr.ts counts the threads that run: none under the API tests, which render on the main thread.)
    expect(c.SSR_CONCURRENCY).toBeUndefined();
    expect(pagesInFlight(0)).toBe(2);
    expect(pagesInFlight(1)).toBe(4);
    expect(loadConfig({ NODE_ENV: "test", SSR_CONCURRENCY: "3" }).SSR_CONCURRENCY).toBe(3);
    // One render thread on PostgreSQL where a second core can run it; none on one core, none on
    // the embedded database, whose process holds PostgreSQL within the same 300 MB (decision 406).
    expect(c.RENDER_THREADS).toBe(0);
    const onPostgres = loadConfig({ NODE_ENV: "test", DATABASE_URL: "postgres://db/shop" });
    expect(onPostgres.RENDER_THREADS).toBe(defaultRenderThreads(os.availableParallelism(), false));
    expect(defaultRenderThreads(1, false)).toBe(0);
    expect(defaultRenderThreads(2, false)).toBe(1);
    expect(defaultRenderThreads(64, false)).toBe(1);
    expect(defaultRenderThreads(64, true)).toBe(0);
    expect(loadConfig({ NODE_ENV: "test", RENDER_THREADS: "1" }).RENDER_THREADS).toBe(1);
    expect(
      loadConfig({ NODE_ENV: "test", DATABASE_URL: "postgres://db/shop", RENDER_THREADS: "0" }).RENDER_THREADS,
    ).toBe(0);
    expect(loadConfig({ NODE_ENV: "test", RENDER_THREADS: "2" }).RENDER_THREADS).toBe(2);
    expect(() => loadConfig({ NODE_ENV: "test", RENDER_THREADS: "-1" })).toThrow();
  });

  it("enables card payment only when every PAYMOB_ setting is present", () => {
    expect(loadConfig({ NODE_ENV: "test", PAYMOB_API_KEY: "k" }).cardPaymentEnabled).toBe(false);
    // Without the HMAC secret no payment could be confirmed (docs/decisions/117).
    expect(
      loadConfig({ NODE_ENV: "test", PAYMOB_API_KEY: "k", PAYMOB_INTEGRATION_ID: "1", PAYMOB_IFRAME_ID: "2" })
        .cardPaymentEnabled,
    ).toBe(false);
    expect(
      loadConfig({
        NODE_ENV: "test",
        PAYMOB_API_KEY: "k",
        PAYMOB_INTEGRATION_ID: "1",
        PAYMOB_IFRAME_ID: "2",
        PAYMOB_HMAC_SECRET: "s",
      }).cardPaymentEnabled,
    ).toBe(true);
  });

  it("refuses a malformed environment with a message naming the setting", () => {
    expect(() => loadConfig({ PORT: "not-a-port" })).toThrow(/PORT/);
    expect(() => loadConfig({ ADMIN_EMAIL: "nope" })).toThrow(/ADMIN_EMAIL/);
  });

  it("takes a METRICS_TOKEN of 16 to 256 characters, empty meaning none, and a safe EVENTS_CHANNEL", () => {
    expect(loadConfig({ NODE_ENV: "test" }).METRICS_TOKEN).toBeUndefined();
    expect(loadConfig({ NODE_ENV: "test", METRICS_TOKEN: "" }).METRICS_TOKEN).toBeUndefined();
    expect(loadConfig({ NODE_ENV: "test", METRICS_TOKEN: "x".repeat(16) }).METRICS_TOKEN).toBe("x".repeat(16));
    expect(() => loadConfig({ NODE_ENV: "test", METRICS_TOKEN: "short" })).toThrow(/METRICS_TOKEN/);
    expect(() => loadConfig({ NODE_ENV: "test", METRICS_TOKEN: "x".repeat(10_000) })).toThrow(/METRICS_TOKEN/);
    expect(loadConfig({ NODE_ENV: "test" }).EVENTS_CHANNEL).toBe("azya_events");
    expect(() => loadConfig({ NODE_ENV: "test", EVENTS_CHANNEL: 'x"; drop table users' })).toThrow(/EVENTS_CHANNEL/);
    expect(() => loadConfig({ NODE_ENV: "test", EVENTS_CHANNEL: "a".repeat(10_000) })).toThrow(/EVENTS_CHANNEL/);
  });

  it("reads SEED_DEMO as a boolean", () => {
    expect(loadConfig({ NODE_ENV: "test", SEED_DEMO: "false" }).SEED_DEMO).toBe(false);
    expect(loadConfig({ NODE_ENV: "test", SEED_DEMO: "true" }).SEED_DEMO).toBe(true);
    expect(loadConfig({ NODE_ENV: "test" }).SEED_DEMO).toBeUndefined();
  });

  it("refuses to start in production without PUBLIC_URL, naming it", () => {
    expect(() => loadConfig({ NODE_ENV: "production" })).toThrow(/PUBLIC_URL is required in production/);
    expect(() => loadConfig({ PUBLIC_URL: "" })).toThrow(/PUBLIC_URL/);
    expect(loadConfig({ NODE_ENV: "production", PUBLIC_URL: "https://azya.eg/" }).PUBLIC_URL).toBe("https://azya.eg");
  });

  it("falls back to http://localhost:PORT outside production, never to a request's Host", () => {
    expect(loadConfig({ NODE_ENV: "development", PORT: "4123" }).PUBLIC_URL).toBe("http://localhost:4123");
    expect(loadConfig({ NODE_ENV: "test" }).PUBLIC_URL).toBe("http://localhost:3000");
  });

  it("trusts no proxy unless TRUST_PROXY names a hop count or the proxies' addresses", () => {
    expect(loadConfig({ NODE_ENV: "test" }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ NODE_ENV: "test", TRUST_PROXY: "" }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ NODE_ENV: "test", TRUST_PROXY: "1" }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ NODE_ENV: "test", TRUST_PROXY: "10.0.0.0/8, 127.0.0.1,::1,loopback" }).TRUST_PROXY).toEqual([
      "10.0.0.0/8",
      "127.0.0.1",
      "::1",
      "loopback",
    ]);
  });

  it("refuses TRUST_PROXY=true and malformed proxy addresses", () => {
    expect(() => loadConfig({ NODE_ENV: "test", TRUST_PROXY: "true" })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ NODE_ENV: "test", TRUST_PROXY: "10.0.0.0/40" })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ NODE_ENV: "test", TRUST_PROXY: "proxy.example" })).toThrow(/TRUST_PROXY/);
  });
});
