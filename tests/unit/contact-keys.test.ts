/** Issue 16: a phone or e-mail written any way a shopper might write it is one customer (decision 290). */
import { describe, expect, it } from "vitest";
import { emailKey, isPhoneKey, phoneKey } from "../../core/contact-keys";
import { loadConfig } from "../../server/config";

describe("phoneKey", () => {
  it("gives an Egyptian mobile one key in every writing", () => {
    for (const written of [
      "01001234567",
      "+201001234567",
      "+20 100 123 4567",
      "+20 (0)100-123-4567",
      "00201001234567",
      "0020 100 123 4567",
      "201001234567",
      "1001234567",
      " 010 0123 4567 ",
      "٠١٠٠١٢٣٤٥٦٧",
      "+۲۰۱۰۰۱۲۳۴۵۶۷",
    ]) {
      expect(phoneKey(written), written).toBe("01001234567");
    }
  });

  it("keeps a landline's national form and a foreign number's international one", () => {
    expect(phoneKey("+20 2 2345 6789")).toBe("0223456789");
    expect(phoneKey("0223456789")).toBe("0223456789");
    expect(phoneKey("+44 20 7946 0958")).toBe("+442079460958");
    expect(phoneKey("0044 20 7946 0958")).toBe("+442079460958");
  });

  it("knows a key worth blocking", () => {
    expect(isPhoneKey(phoneKey("01001234567"))).toBe(true);
    expect(isPhoneKey(phoneKey("12"))).toBe(false);
    expect(isPhoneKey(phoneKey("abc"))).toBe(false);
  });
});

describe("emailKey", () => {
  it("ignores case and surrounding spaces, and nothing else", () => {
    expect(emailKey("  Mona.Hassan@Example.COM ")).toBe("mona.hassan@example.com");
    expect(emailKey("mona+shop@example.com")).toBe("mona+shop@example.com");
  });
});

describe("the cash-on-delivery settings", () => {
  const load = (env: Record<string, string>) => loadConfig({ NODE_ENV: "test", ...env } as NodeJS.ProcessEnv);

  it("default to no fee, no maximum, 3 open orders and 2 refusals", () => {
    const c = load({});
    expect(c.cod).toEqual({ feePiastres: 0, maxTotalPiastres: null });
    expect(c.COD_OPEN_LIMIT).toBe(3);
    expect(c.COD_REFUSAL_LIMIT).toBe(2);
    expect(load({ COD_MAX_TOTAL: "" }).cod.maxTotalPiastres).toBeNull();
  });

  it("read amounts in EGP, kept to the piastre", () => {
    expect(load({ COD_FEE: "12.50", COD_MAX_TOTAL: "5000" }).cod).toEqual({
      feePiastres: 1_250,
      maxTotalPiastres: 500_000,
    });
  });

  it("refuse nonsense", () => {
    for (const env of <Record<string, string>[]>[
      { COD_FEE: "-1" },
      { COD_FEE: "1.005" },
      { COD_MAX_TOTAL: "lots" },
      { COD_OPEN_LIMIT: "0" },
      { COD_REFUSAL_LIMIT: "1.5" },
    ]) {
      expect(() => load(env), JSON.stringify(env)).toThrow(/Invalid environment: COD_/);
    }
  });
});
