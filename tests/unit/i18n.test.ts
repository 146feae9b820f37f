import { describe, expect, it } from "vitest";
import { dictionaries, translate } from "../../app/i18n";
import { namespaceWanted, pickDictionary } from "../../app/i18n/namespaces";
import { FALLBACK } from "../../app/i18n/fallback";

describe("dictionaries", () => {
  it("has every English key in Arabic and every Arabic key in English", () => {
    const en = Object.keys(dictionaries.en);
    const ar = Object.keys(dictionaries.ar);
    expect(en.filter((k) => !(k in dictionaries.ar))).toEqual([]);
    expect(ar.filter((k) => !(k in dictionaries.en))).toEqual([]);
  });

  it("keeps the same placeholders in both languages", () => {
    const names = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    const mismatched = Object.keys(dictionaries.en).filter(
      (k) => JSON.stringify(names(dictionaries.en[k])) !== JSON.stringify(names(dictionaries.ar[k] ?? "")),
    );
    expect(mismatched).toEqual([]);
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
