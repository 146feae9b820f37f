/**
 * The shop's filter state lives in the URL (SPEC §2 Shop): search, sortBy, category, collection,
 * inStock, discount and price=MIN-MAX (0 to 100000). Nonsense values are dropped, never an error.
 * Pure code: the loader, the filter panel and the unit tests share it.
 */
import { CATEGORIES, COLLECTIONS, LIMITS, type Category, type Collection } from "@core/constants";

export const SORT_OPTIONS = ["", "asc", "desc", "newest", "oldest"] as const;
export type SortBy = (typeof SORT_OPTIONS)[number];

export interface ShopFilters {
  search: string;
  category: Category | "";
  collection: Collection | "";
  sortBy: SortBy;
  inStock: boolean;
  discount: boolean;
  /** EGP, 0 to LIMITS.priceFilterMax. */
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

const oneOf = <T extends string>(list: readonly T[], value: string | null): T | "" =>
  value !== null && (list as readonly string[]).includes(value) ? (value as T) : "";

/** "500-2000" → [500, 2000]; anything unreadable → the full range. */
export function parsePriceRange(value: string | null): [number, number] {
  const full: [number, number] = [0, LIMITS.priceFilterMax];
  const m = value?.match(/^(\d{1,7})-(\d{1,7})$/);
  if (!m) return full;
  const clamp = (n: number) => Math.min(Math.max(n, 0), LIMITS.priceFilterMax);
  const lo = clamp(Number(m[1]));
  const hi = clamp(Number(m[2]));
  return lo <= hi ? [lo, hi] : full;
}

export function parseShopFilters(params: URLSearchParams): ShopFilters {
  const [priceMin, priceMax] = parsePriceRange(params.get("price"));
  return {
    search: (params.get("search") ?? "").trim().slice(0, 100),
    category: oneOf(CATEGORIES, params.get("category")),
    collection: oneOf(COLLECTIONS, params.get("collection")),
    sortBy: oneOf(SORT_OPTIONS, params.get("sortBy")),
    inStock: params.get("inStock") === "true",
    discount: params.get("discount") === "true",
    priceMin,
    priceMax,
  };
}

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

/** A page size from the URL, one of the spec's options (10, 25, 50, 100), default 10. */
export function parsePageSize(value: string | null): number {
  const n = Number(value);
  return (LIMITS.pageSizes as readonly number[]).includes(n) ? n : LIMITS.defaultPageSize;
}

export function parsePage(value: string | null): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : 1;
}
