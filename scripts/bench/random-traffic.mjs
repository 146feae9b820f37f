/**
 * The random traffic of `npm run bench` (scripts/bench.mjs) and of the side-by-side comparison of
 * two builds (compare-builds.mjs): listings with any filters, sorts and pages, search words in both
 * languages, the static pages, the visitor's language.
 */

export const pick = (list) => list[Math.floor(Math.random() * list.length)];
const CATEGORY_NAMES = [
  "blouses",
  "cardigans",
  "chemises",
  "dresses",
  "hoodies",
  "jackets",
  "pants",
  "sweatshirts",
  "skirts",
  "tops",
];
const COLLECTION_NAMES = [
  "winter",
  "summer",
  "spring",
  "autumn",
  "ramadan",
  "eid",
  "casual",
  "formal",
  "party",
  "wedding",
];
export const SEARCH_WORDS = [
  "linen",
  "satin",
  "dress",
  "dres",
  "blouse",
  "pleated",
  "floral",
  "jacket",
  "cardigan",
  "knitted",
  "فستان",
  "بلوزة",
  "جاكيت",
  "توب",
  "هودي",
  "جيبة",
  "بنطلون",
];
export const STATIC_PAGES = ["/about", "/posts", "/contact", "/shipping-policy", "/privacy-policy", "/cart"];

/** A random listing query: any filters, any sort, a page from 1 to 20. */
export function randomListingQuery() {
  const q = new URLSearchParams();
  if (Math.random() < 0.5) q.set("category", pick(CATEGORY_NAMES));
  if (Math.random() < 0.2) q.set("collection", pick(COLLECTION_NAMES));
  if (Math.random() < 0.3) q.set("inStock", "true");
  if (Math.random() < 0.2) q.set("discount", "true");
  if (Math.random() < 0.3) {
    const min = Math.floor(200 + Math.random() * 3000);
    q.set("price", `${min}-${min + 500 + Math.floor(Math.random() * 2000)}`);
  }
  if (Math.random() < 0.7) q.set("sortBy", pick(["asc", "desc", "newest", "oldest"]));
  q.set("page", String(1 + Math.floor(Math.random() * 20)));
  return q.toString();
}

/** English or Arabic, as the visitor chose (the `lang` cookie). */
export const langCookie = () => (Math.random() < 0.5 ? "lang=ar" : "lang=en");
