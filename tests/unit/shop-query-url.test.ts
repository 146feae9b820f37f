/**
 * The shop page reads its URL with readShopQuery, without zod (docs/decisions/350); the API reads
 * the same query with shopQuerySchema. Both must give the same result for every input, key for key.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CATEGORIES, COLLECTIONS } from "@core/constants";
import { PRICE_RANGE_MAX_LENGTH, SORTS, readShopQuery, shopQuerySchema } from "@core/shop-query";
import { shopQueryFromUrl } from "@core/shop-query-url";

const KEYS = [
  "search",
  "searchTerm",
  "page",
  "limit",
  "category",
  "collection",
  "sortBy",
  "inStock",
  "discount",
  "price",
  "priceMin",
  "priceMax",
  "hidden",
  "other",
] as const;

/** The schema refuses a price longer than PRICE_RANGE_MAX_LENGTH; the page drops it before reading. */
const same = (input: Record<string, unknown>) => {
  if (typeof input.price === "string" && input.price.length > PRICE_RANGE_MAX_LENGTH) return;
  expect(readShopQuery(input), JSON.stringify(input)).toStrictEqual(shopQuerySchema.parse(input));
};

describe("readShopQuery gives shopQuerySchema's result", () => {
  it("for each field's edge values", () => {
    const values = [
      "",
      " ",
      "0",
      "1",
      "-1",
      "2",
      "1.5",
      "0x10",
      "1e1",
      "1e3",
      "99",
      "100",
      "101",
      "100000",
      "100001",
      "9007199254740993",
      "Infinity",
      "NaN",
      " 7 ",
      "true",
      "false",
      "TRUE",
      "yes",
      " dress ",
      "x".repeat(100),
      ` ${"x".repeat(100)} `,
      "x".repeat(101),
      "12345678901",
      "1234567890123",
      " 123456789012 ",
      "1000-5000",
      "5000-1000",
      " 10.5 - 20.25 ",
      "-3000",
      "2000-",
      "-",
      "1-2-3",
      "1.234-5",
      "12345678-9",
      ...CATEGORIES,
      ...COLLECTIONS,
      ...SORTS,
    ];
    same({});
    for (const key of KEYS) for (const v of values) same({ [key]: v });
    for (const v of [undefined, null, 3, true, ["1"], {}]) for (const key of KEYS) same({ [key]: v });
    same({ price: "100-200", priceMin: "1", priceMax: "2" });
    same({ price: "nonsense", priceMin: "1", priceMax: "2" });
    same({ priceMin: "300", priceMax: "100" });
    same({ priceMin: " ", priceMax: "" });
  });

  it("for generated queries", () => {
    const piece = fc.oneof(
      fc.constantFrom(...CATEGORIES, ...COLLECTIONS, ...SORTS, "true", "false", "1", "0", "", " ", "-"),
      fc.integer({ min: -5, max: 200_000 }).map(String),
      fc.string({ maxLength: 12 }),
      fc.stringMatching(/^ ?\d{0,8}(\.\d{0,3})? ?- ?\d{0,8}(\.\d{0,3})? ?$/),
    );
    const query = fc.dictionary(fc.constantFrom(...KEYS), piece, { maxKeys: KEYS.length });
    fc.assert(
      fc.property(query, (input) => same(input)),
      { numRuns: 3000, seed: 350 },
    );
  });

  it("and the URL reader drops an overlong price instead of failing, keeping the first of a repeated key", () => {
    const q = shopQueryFromUrl(new URLSearchParams(`price=${"1".repeat(50)}&priceMin=5&page=2&page=3`));
    expect(q.price).toEqual({ min: 5, max: undefined });
    expect(q.page).toBe(2);
    expect(() => shopQuerySchema.parse({ price: "1".repeat(50) })).toThrow();
  });
});
