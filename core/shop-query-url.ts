/**
 * The shop's query read from /shop's URL without zod (docs/decisions/350): the shop page's script
 * reads its filters from the URL in the browser, and zod there cost 24 kB gzipped of the page's
 * scripts. `shopQuerySchema` (core/shop-query.ts) stays the API's schema and its documentation;
 * `readShopQuery` gives the same result for every input, which tests/unit/shop-query-url.test.ts
 * checks against the schema field by field and on generated inputs. A change to one is a change
 * to both.
 */
import { CATEGORIES, COLLECTIONS, LIMITS, type Category, type Collection } from "./constants";

/** The listing orders, the one list (the page's sort menu adds "" for relevance/newest). */
export const SORTS = ["asc", "desc", "newest", "oldest"] as const;
export type ProductSort = (typeof SORTS)[number];

/** Longer than any real range ("9999999.99 - 9999999.99" is 23 characters); refused before any parsing. */
export const PRICE_RANGE_MAX_LENGTH = 40;
/** One side of a range: up to 7 digits of EGP and 2 of piastres, or nothing. Anchored and unambiguous. */
const PRICE_SIDE = /^\d{0,7}(?:\.\d{1,2})?$/;

export interface PriceRange {
  min?: number;
  max?: number;
}

/**
 * "MIN-MAX" in EGP, e.g. "1000-5000" or "10.5-20.25"; either side may be empty ("-3000", "2000-"),
 * spaces around are allowed, and a reversed range is swapped. Read by trimming and splitting, never
 * by one pattern with spaces on both sides of the dash: that pattern backtracked quadratically and
 * 10 KB of spaces blocked the server for 45 s (issue 11). Unreadable means no price filter.
 */
export function parsePriceRange(v: string): PriceRange | undefined {
  const sides = v.split("-");
  if (sides.length !== 2) return undefined;
  const [a, b] = sides.map((s) => s.trim()) as [string, string];
  if (!PRICE_SIDE.test(a) || !PRICE_SIDE.test(b)) return undefined;
  const min = a ? Number(a) : undefined;
  const max = b ? Number(b) : undefined;
  if (min !== undefined && max !== undefined && min > max) return { min: max, max: min };
  return { min, max };
}

/** What GET /api/products and /shop's URL ask for, read (the output of `shopQuerySchema`). */
export interface ShopQuery {
  search?: string | undefined;
  searchTerm?: string | undefined;
  page: number;
  limit: number;
  category?: Category | undefined;
  collection?: Collection | undefined;
  sortBy?: ProductSort | undefined;
  inStock?: boolean | undefined;
  discount?: boolean | undefined;
  price: PriceRange | undefined;
  hidden?: boolean | undefined;
}

type Input = Record<string, unknown>;

/** z.string().trim().max(max).optional().catch(undefined) */
const text = (v: unknown, max: number) => {
  if (typeof v !== "string") return undefined;
  const s = v.trim();
  return s.length > max ? undefined : s;
};
/** z.coerce.number().int().min(1).max(max).catch(fallback).default(fallback) */
const whole = (v: unknown, max: number, fallback: number) => {
  if (v === undefined) return fallback;
  const n = Number(v);
  return Number.isSafeInteger(n) && n >= 1 && n <= max ? n : fallback;
};
/** z.enum(values).optional().catch(undefined) */
const oneOf = <T extends string>(values: readonly T[], v: unknown): T | undefined =>
  values.includes(v as T) ? (v as T) : undefined;
/** z.enum(["true", "false", "1", "0"]).transform(...).optional().catch(undefined) */
const flag = (v: unknown) => (v === "true" || v === "1" ? true : v === "false" || v === "0" ? false : undefined);

/**
 * `shopQuerySchema.parse(input)` for an input whose price, when given, is a string of at most
 * PRICE_RANGE_MAX_LENGTH characters (longer ones the schema refuses; `shopQueryFromUrl` drops them).
 * Like the schema's object, a field given in the input is a key of the output even when its value
 * was not understood; page, limit and price always are.
 */
export function readShopQuery(input: Input): ShopQuery {
  const out: Partial<ShopQuery> = {};
  const has = (key: string) => Object.hasOwn(input, key);
  if (has("search")) out.search = text(input.search, 100);
  if (has("searchTerm")) out.searchTerm = text(input.searchTerm, 100);
  out.page = whole(input.page, 100_000, 1);
  out.limit = whole(input.limit, 100, LIMITS.defaultPageSize);
  if (has("category")) out.category = oneOf(CATEGORIES, input.category);
  if (has("collection")) out.collection = oneOf(COLLECTIONS, input.collection);
  if (has("sortBy")) out.sortBy = oneOf(SORTS, input.sortBy);
  if (has("inStock")) out.inStock = flag(input.inStock);
  if (has("discount")) out.discount = flag(input.discount);
  const price = typeof input.price === "string" ? parsePriceRange(input.price) : undefined;
  const priceMin = text(input.priceMin, 12);
  const priceMax = text(input.priceMax, 12);
  out.price = price ?? (priceMin || priceMax ? parsePriceRange(`${priceMin ?? ""}-${priceMax ?? ""}`) : undefined);
  if (has("hidden")) out.hidden = flag(input.hidden);
  return out as ShopQuery;
}

/**
 * /shop's URL as a ShopQuery. A page never answers 400 for its filters: an overlong price, which
 * the API refuses, is dropped here like any other nonsense. The first of a repeated key counts.
 */
export function shopQueryFromUrl(params: URLSearchParams): ShopQuery {
  const input: Record<string, string> = {};
  for (const [key, value] of params) if (!(key in input)) input[key] = value;
  if ((input.price?.length ?? 0) > PRICE_RANGE_MAX_LENGTH) delete input.price;
  return readShopQuery(input);
}
