import { describe, expect, it } from "vitest";
import { applyPercent, formatEgp, lineTotal, orderTotals, toPiastres, unitPrice } from "../../core/pricing";

describe("pricing (integer piastres)", () => {
  it("takes the discount percent off the unit price", () => {
    expect(unitPrice({ price: toPiastres(500), discount: 20 })).toBe(40_000);
    expect(applyPercent(999, 33)).toBe(669); // 669.33 rounds to the nearest piastre
  });

  it("prices full bulk sets at the set price and the rest at the unit price", () => {
    // 3 for 1,200 EGP; unit 500 EGP. 7 items = 2 sets (2,400) + 1 unit (500) = 2,900 EGP.
    const item = { price: 50_000, discount: 0, bulkDiscountminQuantity: 3, bulkDiscount: 120_000 };
    expect(lineTotal(item, 7)).toBe(290_000);
    expect(lineTotal(item, 2)).toBe(100_000);
  });

  it("applies the discount percent to the bulk set price too", () => {
    // 10% off: set 1,080, unit 450. 4 items = 1 set + 1 unit = 1,530 EGP.
    const item = { price: 50_000, discount: 10, bulkDiscountminQuantity: 3, bulkDiscount: 120_000 };
    expect(lineTotal(item, 4)).toBe(153_000);
  });

  it("takes the promo percent off the subtotal, not the shipping", () => {
    const totals = orderTotals({ lineTotals: [100_000, 50_000], shippingFee: 5_000, freeShipping: false, promoPercent: 10 });
    expect(totals).toEqual({ subtotal: 150_000, promoDiscount: 15_000, shipping: 5_000, total: 140_000 });
  });

  it("makes shipping free when a free-shipping discount applies", () => {
    expect(orderTotals({ lineTotals: [10_000], shippingFee: 5_000, freeShipping: true, promoPercent: 0 }).shipping).toBe(0);
  });

  it("formats EGP with Latin digits in both languages", () => {
    expect(formatEgp(125_050, "en")).toContain("1,250.50");
    expect(formatEgp(125_000, "ar")).toContain("1,250");
  });
});
