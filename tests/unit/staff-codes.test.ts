import { describe, expect, it } from "vitest";
import { cutText, generateProductCode, generatePromoCode, isExpired, tomorrowIso } from "~/components/staff/codes";

describe("product code generator", () => {
  it("is the uppercased initials of the name's words, a dash, then 5 digits", () => {
    expect(generateProductCode("floral summer dress", () => 0.5)).toBe("FSD-55000");
    expect(generateProductCode("  Linen   wide leg pants ")).toMatch(/^LWLP-\d{5}$/);
  });

  it("always gives exactly five digits, from 10000 to 99999", () => {
    expect(generateProductCode("Top", () => 0)).toBe("T-10000");
    expect(generateProductCode("Top", () => 0.999999)).toBe("T-99999");
  });

  it("uses the first letter of Arabic words too", () => {
    expect(generateProductCode("فستان سهرة", () => 0)).toBe("فس-10000");
  });
});

describe("promo code generator", () => {
  it("gives 8 capital letters", () => {
    for (let i = 0; i < 50; i++) expect(generatePromoCode()).toMatch(/^[A-Z]{8}$/);
  });

  it("covers the alphabet from A to Z", () => {
    expect(generatePromoCode(() => 0)).toBe("AAAAAAAA");
    expect(generatePromoCode(() => 0.9999)).toBe("ZZZZZZZZ");
  });
});

describe("promo code expiry", () => {
  it("allows tomorrow at the earliest", () => {
    expect(tomorrowIso(new Date(2025, 2, 10, 23, 30))).toBe("2025-03-11");
    expect(tomorrowIso(new Date(2025, 11, 31, 8))).toBe("2026-01-01");
  });

  it("marks a past expiry as expired", () => {
    const now = new Date("2025-03-10T12:00:00Z");
    expect(isExpired("2025-03-09T23:59:59Z", now)).toBe(true);
    expect(isExpired("2025-03-11T00:00:00Z", now)).toBe(false);
  });
});

describe("banner description preview", () => {
  it("cuts at 100 characters with an ellipsis and leaves short text alone", () => {
    const long = "a".repeat(150);
    expect(cutText(long, 100)).toBe(`${"a".repeat(100)}…`);
    expect(cutText("Short", 100)).toBe("Short");
  });
});
