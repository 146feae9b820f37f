/**
 * How far a listing's count goes (decision 282). Counting every matching product on every miss
 * reads the whole match: at a million products a plain listing counted a million rows. The count
 * stops at a ceiling instead; beyond it, `total` is a lower bound ("at least") and the reply says so
 * with `totalIsAtLeast: true` (an added, optional field: the reply keeps its shape).
 *
 * The ceiling is at least COUNT_CAP and always PAGES_AHEAD pages past the page asked for, so the
 * pager can always offer the next pages, however deep the shopper has gone.
 */
import type { ListingValues } from "./listing-query";

export const COUNT_CAP = 1000;
export const PAGES_AHEAD = 5;

/** The most rows the count of a listing page with these values reads (it reads one more to know). */
export function countCeiling(values: ListingValues): number {
  const offset = Number(values.offset ?? 0);
  const limit = Number(values.limit ?? 0);
  return Math.max(COUNT_CAP, offset + limit * PAGES_AHEAD);
}

export interface ListingTotal {
  total: number;
  /** True when more products match than were counted: `total` is then the ceiling. */
  atLeast: boolean;
}

/** The total a count read up to `ceiling + 1` rows stands for. */
export function cappedTotal(counted: number, ceiling: number): ListingTotal {
  return counted > ceiling ? { total: ceiling, atLeast: true } : { total: counted, atLeast: false };
}
