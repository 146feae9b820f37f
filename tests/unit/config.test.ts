import { describe, expect, it } from "vitest";
import { loadConfig } from "../../server/config";

describe("configuration from the environment", () => {
  it("has working defaults on a bare machine (PGlite, port 3000, ./data)", () => {
    const c = loadConfig({});
    expect(c.PORT).toBe(3000);
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.dataDir.endsWith("data")).toBe(true);
    expect(c.cardPaymentEnabled).toBe(false);
  });

  it("enables card payment only when every PAYMOB_ setting is present", () => {
    expect(loadConfig({ PAYMOB_API_KEY: "k" }).cardPaymentEnabled).toBe(false);
    // Without the HMAC secret no payment could be confirmed (docs/decisions/117).
    expect(loadConfig({ PAYMOB_API_KEY: "k", PAYMOB_INTEGRATION_ID: "1", PAYMOB_IFRAME_ID: "2" }).cardPaymentEnabled).toBe(false);
    expect(loadConfig({ PAYMOB_API_KEY: "k", PAYMOB_INTEGRATION_ID: "1", PAYMOB_IFRAME_ID: "2", PAYMOB_HMAC_SECRET: "s" }).cardPaymentEnabled).toBe(true);
  });

  it("refuses a malformed environment with a message naming the setting", () => {
    expect(() => loadConfig({ PORT: "not-a-port" })).toThrow(/PORT/);
    expect(() => loadConfig({ ADMIN_EMAIL: "nope" })).toThrow(/ADMIN_EMAIL/);
  });

  it("reads SEED_DEMO as a boolean", () => {
    expect(loadConfig({ SEED_DEMO: "false" }).SEED_DEMO).toBe(false);
    expect(loadConfig({ SEED_DEMO: "true" }).SEED_DEMO).toBe(true);
    expect(loadConfig({}).SEED_DEMO).toBeUndefined();
  });
});
