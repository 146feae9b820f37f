/**
 * A page's dictionary is a file of its own (decision 356): one address per language and set of
 * namespaces, holding a hash of its text, kept by browsers for a year; an address of an older text
 * still answers, but not to keep; anything else is a 404.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dictionaries } from "../../core/i18n";
import { dictionaryAsset } from "../../server/http/dictionary-asset";
import { createTestApp, type TestApp } from "../support/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: "GET", url });

describe("GET /i18n/{lang}/{set}/{hash}.json", () => {
  it("answers a storefront page's dictionary in its language, without the back office's strings, to keep for a year", async () => {
    for (const lang of ["en", "ar"] as const) {
      const { href } = dictionaryAsset(lang, "/product/some-id");
      const res = await get(href);
      expect(res.statusCode).toBe(200);
      expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
      const dict = res.json() as Record<string, string>;
      expect(dict["common.shopName"]).toBe(dictionaries[lang]["common.shopName"]);
      expect(dict["catalog.addToCart"]).toBe(dictionaries[lang]["catalog.addToCart"]);
      expect(Object.keys(dict).some((k) => k.startsWith("staff."))).toBe(false);
    }
  });

  it("names another file for a page that needs other namespaces, and for the other language", async () => {
    const product = dictionaryAsset("en", "/product/x").href;
    const staff = dictionaryAsset("en", "/admin/dashboard").href;
    expect(new Set([product, staff, dictionaryAsset("ar", "/product/x").href]).size).toBe(3);
    expect(dictionaryAsset("en", "/shop").href).toBe(product);
    const dict = (await get(staff)).json() as Record<string, string>;
    expect(Object.keys(dict).some((k) => k.startsWith("staff."))).toBe(true);
  });

  it("answers an older text's address with the current text, not to keep", async () => {
    const { href, text } = dictionaryAsset("ar", "/");
    const res = await get(href.replace(/\/[^/]+\.json$/, "/AAAAAAAAAAAAAAAA.json"));
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.body).toBe(text);
  });

  it("is a 404 for an unknown language, a set no page has, or something else", async () => {
    const { href } = dictionaryAsset("en", "/");
    for (const url of [
      href.replace("/en/", "/fr/"),
      "/i18n/en/zzzz/x.json",
      "/i18n/en/-1/x.json",
      "/i18n/en/1.5/x.json",
      `/i18n/en/${"9".repeat(5000)}/x.json`,
      href.replace(/\.json$/, ".js"),
      "/i18n/en/0/..%2F..%2Fpackage.json",
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
    }
  });
});
