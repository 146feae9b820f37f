/** Search in Arabic and English: folded letters, no diacritics or tatweel, small typos, exact first. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../support/test-app";
import { makeProduct } from "../support/catalog-factories";
import { foldSearchText } from "../../core/search-fold";
import type { ProductDTO } from "../../server/modules/catalog/product-dto";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  const db = t.deps.db;
  await makeProduct(db, { name: "Evening Dress", nameAr: "فُسْتَانُ سَهْرَةٍ أَنِيق", category: "dresses", code: "ED-10001" });
  await makeProduct(db, { name: "Dressy Blouse", nameAr: "بلوزة أنيقة", category: "blouses", code: "DB-10002" });
  await makeProduct(db, {
    name: "Hooded Sweatshirt",
    nameAr: "سويت شيرت بقبعة",
    category: "sweatshirts",
    code: "HS-10003",
  });
  await makeProduct(db, {
    name: "Ramadan Abaya",
    nameAr: "عباءة رمضان مطرزة",
    category: "dresses",
    collection: "ramadan",
    code: "RA-10004",
  });
  await makeProduct(db, { name: "Café Crème Cardigan", category: "cardigans", code: "CC-10005" });
  await makeProduct(db, { name: "Address Tracker Top", category: "tops", code: "AT-10006" });
});
afterAll(() => t.close());

async function search(q: string) {
  const res = await t.app.inject({ method: "GET", url: `/api/products?search=${encodeURIComponent(q)}&limit=50` });
  expect(res.statusCode).toBe(200);
  return (res.json().products as ProductDTO[]).map((p) => p.name);
}

describe("folding", () => {
  it("folds Arabic letter variants, diacritics and tatweel, and Latin accents", () => {
    expect(foldSearchText("فُسْتَانُ أَنِيقٌ")).toBe("فستان انيق");
    expect(foldSearchText("إيمان آمنة مستشفى")).toBe("ايمان امنه مستشفي");
    expect(foldSearchText("جـــميلة")).toBe("جميله");
    expect(foldSearchText("  Café   CRÈME ")).toBe("cafe creme");
  });
});

describe("searching the catalogue", () => {
  it("finds a name written with أ and diacritics from a query without diacritics and with ا", async () => {
    expect(await search("انيق")).toEqual(expect.arrayContaining(["Evening Dress", "Dressy Blouse"]));
    expect(await search("فستان سهرة")).toEqual(["Evening Dress"]);
  });

  it("finds 'Dress' from 'dres'", async () => {
    expect(await search("dres")).toEqual(expect.arrayContaining(["Evening Dress", "Dressy Blouse"]));
  });

  it("tolerates a small typo", async () => {
    expect(await search("sweatshrt")).toContain("Hooded Sweatshirt");
    expect(await search("abya")).toContain("Ramadan Abaya");
  });

  it("ranks an exact word before a word that only contains it", async () => {
    const found = await search("dress");
    expect(found[0]).toBe("Evening Dress");
    expect(found.indexOf("Dressy Blouse")).toBeGreaterThan(0);
    expect(found.indexOf("Address Tracker Top")).toBeGreaterThan(found.indexOf("Dressy Blouse"));
  });

  it("matches the category and collection names in both languages", async () => {
    expect(await search("فساتين")).toEqual(expect.arrayContaining(["Evening Dress", "Ramadan Abaya"]));
    expect(await search("رمضان")).toEqual(["Ramadan Abaya"]);
    expect(await search("cardigans")).toEqual(["Café Crème Cardigan"]);
  });

  it("matches the code", async () => {
    expect(await search("hs-10003")).toEqual(["Hooded Sweatshirt"]);
  });

  it("ignores Latin accents in names and queries", async () => {
    expect(await search("cafe creme")).toEqual(["Café Crème Cardigan"]);
    expect(await search("CAFÉ")).toEqual(["Café Crème Cardigan"]);
  });

  it("finds nothing for an unrelated word", async () => {
    expect(await search("bicycle")).toEqual([]);
  });
});
