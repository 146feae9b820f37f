import { describe, expect, it } from "vitest";
import {
  paidForUnits,
  codFeeFor,
  applyPercent,
  formatEgp,
  groupThousands,
  lineTotal,
  orderTotals,
  toPiastres,
  unitPrice,
} from "../../core/pricing";

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
    const totals = orderTotals({
      lineTotals: [100_000, 50_000],
      shippingFee: 5_000,
      freeShipping: false,
      promoPercent: 10,
    });
    expect(totals).toEqual({ subtotal: 150_000, promoDiscount: 15_000, shipping: 5_000, codFee: 0, total: 140_000 });
  });

  it("adds the cash-on-delivery fee as its own amount, untouched by the promo code and free shipping", () => {
    const totals = orderTotals({
      lineTotals: [100_000],
      shippingFee: 5_000,
      freeShipping: true,
      promoPercent: 50,
      codFee: codFeeFor("Cash on Delivery", 1_500),
    });
    expect(totals).toEqual({ subtotal: 100_000, promoDiscount: 50_000, shipping: 0, codFee: 1_500, total: 51_500 });
    expect(codFeeFor("Credit Card", 1_500)).toBe(0);
  });

  it("makes shipping free when a free-shipping discount applies", () => {
    expect(
      orderTotals({ lineTotals: [10_000], shippingFee: 5_000, freeShipping: true, promoPercent: 0 }).shipping,
    ).toBe(0);
  });

  it("formats EGP with Latin digits in both languages", () => {
    expect(formatEgp(125_050, "en")).toBe("EGP\u00a01,250.50");
    expect(formatEgp(125_000, "ar")).toBe("\u200f1,250\u00a0ج.م.\u200f");
  });

  it("groups whole numbers by thousands as toLocaleString('en') does", () => {
    for (const n of [0, 7, 999, 1_000, 10_000, 123_456, 1_234_567, 9_999_999_999])
      expect(groupThousands(n)).toBe(n.toLocaleString("en"));
  });

  it("writes exactly what Intl's EGP currency format writes, for every kind of amount", () => {
    const intl = (piastres: number, lang: "en" | "ar") =>
      new Intl.NumberFormat(lang === "ar" ? "ar-EG-u-nu-latn" : "en-EG", {
        style: "currency",
        currency: "EGP",
        minimumFractionDigits: piastres % 100 === 0 ? 0 : 2,
        maximumFractionDigits: 2,
      }).format(piastres / 100);
    const amounts = [
      0, 1, 5, 10, 99, 100, 101, 150, 99_999, 100_000, 123_456, 1_000_000, 123_456_789, 10_000_000_000, -1, -1_230,
      -250_000,
    ];
    for (let p = 7; p < 5_000_000_000; p = Math.floor(p * 3.7) + 13) amounts.push(p);
    for (const lang of ["en", "ar"] as const) {
      for (const p of amounts) expect(formatEgp(p, lang), `${p} in ${lang}`).toBe(intl(p, lang));
    }
  });
});

describe("paidForUnits: what a return can give back (decision 357)", () => {
  const line = { lineTotal: 90_000, quantity: 3 }; // 3 units, 900 EGP, bulk price included

  it("is the units' share of the line without a promo code", () => {
    expect(paidForUnits(line, { subtotal: 90_000, promoDiscount: 0 }, 1)).toBe(30_000);
    expect(paidForUnits(line, { subtotal: 90_000, promoDiscount: 0 }, 3)).toBe(90_000);
  });

  it("takes off the units' share of the order's promo discount, rounded to the piastre", () => {
    // 15 % off a 1,200 EGP subtotal of which this line is 900.
    const order = { subtotal: 120_000, promoDiscount: 18_000 };
    expect(paidForUnits(line, order, 3)).toBe(76_500);
    expect(paidForUnits(line, order, 1)).toBe(25_500);
    expect(paidForUnits({ lineTotal: 10_001, quantity: 3 }, { subtotal: 10_001, promoDiscount: 1_000 }, 1)).toBe(3_000);
  });

  it("is nothing for an empty line or order", () => {
    expect(paidForUnits({ lineTotal: 0, quantity: 0 }, { subtotal: 0, promoDiscount: 0 }, 1)).toBe(0);
  });
});
