import { describe, expect, it, vi } from "vitest";
import { dictionaries, isMessageKey, translate } from "../../core/i18n";
import { pluralForm, translateWith } from "../../core/i18n/format";
import { namespaceWanted, pickDictionary } from "../../core/i18n/namespaces";
import { FALLBACK } from "../../app/i18n/fallback";

const PLURAL = /_(zero|one|two|few|many|other)$/;
/** A dictionary's keys with every counted string's forms folded into its base key. */
const baseKeys = (dict: Record<string, string>) => [...new Set(Object.keys(dict).map((k) => k.replace(PLURAL, "")))];
const plainOrOther = (dict: Record<string, string>, k: string) => dict[k] ?? dict[`${k}_other`] ?? "";

describe("dictionaries", () => {
  it("has every English key in Arabic and every Arabic key in English", () => {
    const en = baseKeys(dictionaries.en);
    const ar = baseKeys(dictionaries.ar);
    expect(en.filter((k) => !ar.includes(k))).toEqual([]);
    expect(ar.filter((k) => !en.includes(k))).toEqual([]);
  });

  it("keeps the same placeholders in both languages", () => {
    const names = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    const mismatched = baseKeys(dictionaries.en).filter(
      (k) =>
        JSON.stringify(names(plainOrOther(dictionaries.en, k))) !==
        JSON.stringify(names(plainOrOther(dictionaries.ar, k))),
    );
    expect(mismatched).toEqual([]);
  });

  it("gives every counted string English's two forms and Arabic's six, using no placeholder the 'other' form lacks", () => {
    const counted = baseKeys(dictionaries.en).filter((k) => `${k}_other` in dictionaries.en);
    expect(counted.length).toBeGreaterThan(5);
    const names = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
    for (const [lang, forms] of [
      ["en", ["one", "other"]],
      ["ar", ["zero", "one", "two", "few", "many", "other"]],
    ] as const) {
      for (const k of counted) {
        expect(k in dictionaries[lang], `${lang} ${k} is counted, not plain`).toBe(false);
        for (const f of forms) {
          const text = dictionaries[lang][`${k}_${f}`];
          expect(text, `${lang} ${k}_${f}`).toBeTruthy();
          expect(
            names(text!).every((n) => names(dictionaries[lang][`${k}_other`]!).includes(n)),
            `${lang} ${k}_${f}`,
          ).toBe(true);
        }
      }
    }
  });

  it("keeps the error page's fallback strings equal to the dictionaries", () => {
    for (const lang of ["en", "ar"] as const) {
      for (const [key, value] of Object.entries(FALLBACK[lang])) expect(dictionaries[lang][key]).toBe(value);
    }
  });

  it("fills placeholders", () => {
    expect(translate("en", "common.footerRights", { year: 2026 })).toBe("© 2026 Azya. All rights reserved.");
  });
});

describe("counted strings (Intl.PluralRules)", () => {
  it("says 1 item and 2 items in English, never '1 items'", () => {
    expect(translate("en", "cart.items", { n: 1 })).toBe("1 item");
    expect(translate("en", "cart.items", { n: 2 })).toBe("2 items");
    expect(translate("en", "cart.badge", { n: 1 })).toBe("Cart, 1 item");
    expect(translate("en", "catalog.productCount", { n: 0 })).toBe("0 products");
    expect(translate("en", "catalog.productCount", { n: 62 })).toBe("62 products");
  });

  it("picks each of Arabic's six forms: zero, one, two, few, many and other", () => {
    const forms = [0, 1, 2, 3, 10, 11, 62, 99, 100, 101, 103, 111].map((n) => [n, pluralForm("ar", n)]);
    expect(forms).toEqual([
      [0, "zero"],
      [1, "one"],
      [2, "two"],
      [3, "few"],
      [10, "few"],
      [11, "many"],
      [62, "many"],
      [99, "many"],
      [100, "other"],
      [101, "other"],
      [103, "few"],
      [111, "many"],
    ]);
    expect(translate("ar", "catalog.productCount", { n: 0 })).toBe("لا منتجات");
    expect(translate("ar", "catalog.productCount", { n: 1 })).toBe("منتج واحد");
    expect(translate("ar", "catalog.productCount", { n: 2 })).toBe("منتجان");
    expect(translate("ar", "catalog.productCount", { n: 5 })).toBe("5 منتجات");
    expect(translate("ar", "catalog.productCount", { n: 62 })).toBe("62 منتجًا");
    expect(translate("ar", "catalog.productCount", { n: 100 })).toBe("100 منتج");
    expect(translate("ar", "cart.items", { n: 1 })).toBe("قطعة واحدة");
    expect(translate("ar", "cart.items", { n: 2 })).toBe("قطعتان");
    expect(translate("ar", "cart.items", { n: 3 })).toBe("3 قطع");
  });

  it("reads a page's own dictionary with its language's rules, also where only the dictionary is known (meta)", () => {
    const page = pickDictionary(dictionaries.ar, "/cart");
    expect(translateWith(page, "cart.badge", { n: 2 }, "ar")).toBe("السلة، قطعتان");
    expect(translateWith(page, "cart.badge", { n: 2 })).toBe("السلة، قطعتان");
    expect(translateWith(pickDictionary(dictionaries.en, "/cart"), "cart.badge", { n: 1 })).toBe("Cart, 1 item");
  });

  it("makes one PluralRules per language, not one per call", () => {
    const made = vi.spyOn(Intl, "PluralRules");
    for (let n = 0; n < 50; n++) translate("ar", "cart.items", { n });
    expect(made).not.toHaveBeenCalled();
    made.mockRestore();
  });

  it("answers the API's stock message in the singular", () => {
    expect(translate("en", "ordersApi.notEnoughStock", { n: 1, m: 1 })).toBe(
      "Cannot add more items. Only 1 item left in stock, you already have 1 in cart.",
    );
    expect(isMessageKey("ordersApi.notEnoughStock")).toBe(true);
  });
});

describe("dictionary per page", () => {
  it("ships the back office's strings only to staff pages", () => {
    expect(namespaceWanted("staff", "/moderator/orders")).toBe(true);
    expect(namespaceWanted("staff", "/product/1")).toBe(false);
    expect(namespaceWanted("common", "/product/1")).toBe(true);
  });

  it("ships the legal pages' strings only to those pages, and checkout strings to the cart and orders", () => {
    expect(namespaceWanted("pages", "/privacy-policy")).toBe(true);
    expect(namespaceWanted("pages", "/")).toBe(false);
    expect(namespaceWanted("checkout", "/cart")).toBe(true);
    expect(namespaceWanted("checkout", "/cartoons")).toBe(false);
  });

  it("keeps well under half of the dictionary for a product page", () => {
    const all = JSON.stringify(dictionaries.ar).length;
    const picked = JSON.stringify(pickDictionary(dictionaries.ar, "/product/abc")).length;
    expect(picked / all).toBeLessThan(0.6);
  });
});
