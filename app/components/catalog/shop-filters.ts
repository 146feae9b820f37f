/**
 * The shop's filters as the filter panel edits them (SPEC §2 Shop): search, sortBy, category,
 * collection, inStock, discount and a price range. The URL is read once, by core/shop-query-url.ts
 * (the same result as GET /api/products' schema, without zod: docs/decisions/350); this file only
 * turns that query into the panel's draft and the draft back into a canonical URL. Pure code: the loader, the panel and the unit tests share it.
 */
import { LIMITS, type Category, type Collection } from "@core/constants";
import { SORTS, shopQueryFromUrl, type ShopQuery } from "@core/shop-query-url";

/** The sort menu: the one list of sorts, after "" (relevance for a search, else newest). */
export const SORT_OPTIONS = ["", ...SORTS] as const;
export type SortBy = (typeof SORT_OPTIONS)[number];

export interface ShopFilters {
  search: string;
  category: Category | "";
  collection: Collection | "";
  sortBy: SortBy;
  inStock: boolean;
  discount: boolean;
  /** EGP (decimals allowed, docs/decisions/160), 0 to LIMITS.priceFilterMax; the full range means no filter. */
  priceMin: number;
  priceMax: number;
}

export const EMPTY_FILTERS: ShopFilters = {
  search: "",
  category: "",
  collection: "",
  sortBy: "",
  inStock: false,
  discount: false,
  priceMin: 0,
  priceMax: LIMITS.priceFilterMax,
};

const clampPrice = (n: number) => Math.min(Math.max(n, 0), LIMITS.priceFilterMax);

/** The panel's draft of a parsed query: absent filters are the defaults. */
export function filtersFromQuery(q: ShopQuery): ShopFilters {
  return {
    search: q.search ?? "",
    category: q.category ?? "",
    collection: q.collection ?? "",
    sortBy: q.sortBy ?? "",
    inStock: q.inStock === true,
    discount: q.discount === true,
    priceMin: clampPrice(q.price?.min ?? 0),
    priceMax: clampPrice(q.price?.max ?? LIMITS.priceFilterMax),
  };
}

/** The filters of a /shop URL: shopQueryFromUrl, then filtersFromQuery. */
export const parseShopFilters = (params: URLSearchParams): ShopFilters => filtersFromQuery(shopQueryFromUrl(params));

export const hasPriceFilter = (f: ShopFilters) => f.priceMin > 0 || f.priceMax < LIMITS.priceFilterMax;

/** Only the filters that differ from the defaults, so URLs stay short and canonical. */
export function filtersToParams(f: ShopFilters): URLSearchParams {
  const p = new URLSearchParams();
  if (f.search) p.set("search", f.search);
  if (f.category) p.set("category", f.category);
  if (f.collection) p.set("collection", f.collection);
  if (f.sortBy) p.set("sortBy", f.sortBy);
  if (f.inStock) p.set("inStock", "true");
  if (f.discount) p.set("discount", "true");
  if (hasPriceFilter(f)) p.set("price", `${f.priceMin}-${f.priceMax}`);
  return p;
}

/** How many filters are set (the mobile "Filters (3)" button). */
export function activeFilterCount(f: ShopFilters): number {
  return [f.search, f.category, f.collection, f.inStock, f.discount, hasPriceFilter(f)].filter(Boolean).length;
}

/**
 * The slider runs 0 to 10000 in steps of 1000 while the URL allows up to 100000: the slider's top
 * end means "10000 and above", so it maps to the URL's full range.
 */
export function priceToSlider(f: Pick<ShopFilters, "priceMin" | "priceMax">): [number, number] {
  const max = LIMITS.priceSliderMax;
  const step = LIMITS.priceSliderStep;
  const lo = Math.min(Math.floor(f.priceMin / step) * step, max);
  const hi = f.priceMax >= max ? max : Math.max(lo, Math.ceil(f.priceMax / step) * step);
  return [lo, Math.min(hi, max)];
}

export function sliderToPrice([lo, hi]: [number, number]): { priceMin: number; priceMax: number } {
  return { priceMin: lo, priceMax: hi >= LIMITS.priceSliderMax ? LIMITS.priceFilterMax : hi };
}

/** The shop's page size: one of the spec's options (10, 25, 50, 100), else the default 10. */
export function shopPageSize(limit: number | string | null): number {
  const n = Number(limit);
  return (LIMITS.pageSizes as readonly number[]).includes(n) ? n : LIMITS.defaultPageSize;
}
