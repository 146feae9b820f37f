// Types of scripts/bench/random-traffic.mjs for the unit tests.
/** Line makers of the bench's random targets: each returns "path" or "path\tcookie". */
export interface LineMakers {
  productJson: () => string;
  listing: () => string;
  search: () => string;
  homeData: () => string;
  guestPage: () => string;
  signedInPage: () => string;
  mixed: () => string;
}
export function lineMakers(ids: string[], customerCookie: string): LineMakers;
export function randomListingQuery(): string;
export const langCookie: () => string;
export const pick: <T>(list: T[]) => T;
export const SEARCH_WORDS: string[];
export const STATIC_PAGES: string[];
