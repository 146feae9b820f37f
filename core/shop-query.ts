/**
 * The shop's query: what /shop's URL and GET /api/products' query string say, read by one schema
 * (issue 13). The API parses with `shopQuerySchema`; the page loader and the filter panel read the
 * URL with `shopQueryFromUrl` (core/shop-query-url.ts), which gives the schema's result without zod
 * in the browser (docs/decisions/350), so a link means the same listing wherever it is opened. Every field falls back instead of failing: a
 * nonsense value is ignored, never a 500, so shared and hand-edited shop links keep working. Only a
 * price range longer than any real one is refused (docs/decisions/110), and the page drops it
 * before parsing (`shopQueryFromUrl`).
 *
 * Prices (docs/decisions/160): EGP with up to two decimals ("249.50"), either side optional, and a
 * reversed range is read the right way round ("5000-1000" is 1000 to 5000).
 */
import { z } from "zod";
import { CATEGORIES, COLLECTIONS, LIMITS } from "./constants";
import { PRICE_RANGE_MAX_LENGTH, SORTS, parsePriceRange, type ShopQuery } from "./shop-query-url";

// The URL's reader without zod, for the browser (docs/decisions/350); the same results as the schema.
export {
  PRICE_RANGE_MAX_LENGTH,
  SORTS,
  parsePriceRange,
  readShopQuery,
  shopQueryFromUrl,
  type PriceRange,
  type ProductSort,
  type ShopQuery,
} from "./shop-query-url";

const flag = z
  .enum(["true", "false", "1", "0"])
  .transform((v) => v === "true" || v === "1")
  .optional()
  .catch(undefined);

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

export type ShopQueryInput = z.input<typeof shopQuerySchema>;

// The schema's output and readShopQuery's are one type: a field added to one fails here until the other has it.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const sameOutput: Same<z.output<typeof shopQuerySchema>, ShopQuery> = true;
void sameOutput;
