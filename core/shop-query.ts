/**
 * The shop's query: what /shop's URL and GET /api/products' query string say, read by one schema
 * (issue 13). The page loader, the filter panel and the API all parse with `shopQuerySchema`, so a
 * link means the same listing wherever it is opened. Every field falls back instead of failing: a
 * nonsense value is ignored, never a 500, so shared and hand-edited shop links keep working. Only a
 * price range longer than any real one is refused (docs/decisions/110), and the page drops it
 * before parsing (`shopQueryFromUrl`).
 *
 * Prices (docs/decisions/160): EGP with up to two decimals ("249.50"), either side optional, and a
 * reversed range is read the right way round ("5000-1000" is 1000 to 5000).
 */
import { z } from "zod";
import { CATEGORIES, COLLECTIONS, LIMITS } from "./constants";

/** The listing orders, the one list (the page's sort menu adds "" for relevance/newest). */
export const SORTS = ["asc", "desc", "newest", "oldest"] as const;
export type ProductSort = (typeof SORTS)[number];

const flag = z
  .enum(["true", "false", "1", "0"])
  .transform((v) => v === "true" || v === "1")
  .optional()
  .catch(undefined);

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

const priceRange = z
  .unknown()
  .transform((v, ctx) => {
    if (typeof v !== "string") return undefined;
    if (v.length > PRICE_RANGE_MAX_LENGTH) {
      ctx.addIssue({ code: "custom", message: "validation.tooLong" });
      return z.NEVER;
    }
    return parsePriceRange(v);
  })
  .optional();

/** One side typed into the filter form's boxes (its no-script submit sends them apart). */
const priceSide = z.string().trim().max(12).optional().catch(undefined);

export const shopQuerySchema = z
  .object({
    search: z.string().trim().max(100).optional().catch(undefined),
    /** The admin lists' name for the same thing. */
    searchTerm: z.string().trim().max(100).optional().catch(undefined),
    page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
    limit: z.coerce.number().int().min(1).max(100).catch(LIMITS.defaultPageSize).default(LIMITS.defaultPageSize),
    category: z.enum(CATEGORIES).optional().catch(undefined),
    collection: z.enum(COLLECTIONS).optional().catch(undefined),
    sortBy: z.enum(SORTS).optional().catch(undefined),
    inStock: flag,
    discount: flag,
    /** "MIN-MAX", the canonical form every link uses. */
    price: priceRange,
    /** The two sides as the filter form sends them without script; `price` wins when both are given. */
    priceMin: priceSide,
    priceMax: priceSide,
    /** Staff only: the deleted products instead of the live ones. */
    hidden: flag,
  })
  .transform(({ priceMin, priceMax, ...query }) => ({
    ...query,
    price: query.price ?? (priceMin || priceMax ? parsePriceRange(`${priceMin ?? ""}-${priceMax ?? ""}`) : undefined),
  }));

export type ShopQuery = z.output<typeof shopQuerySchema>;
export type ShopQueryInput = z.input<typeof shopQuerySchema>;

/**
 * /shop's URL as a ShopQuery. A page never answers 400 for its filters: an overlong price, which
 * the API refuses, is dropped here like any other nonsense.
 */
export function shopQueryFromUrl(params: URLSearchParams): ShopQuery {
  const input: Record<string, string> = {};
  for (const [key, value] of params) if (!(key in input)) input[key] = value;
  if ((input.price?.length ?? 0) > PRICE_RANGE_MAX_LENGTH) delete input.price;
  return shopQuerySchema.parse(input);
}
