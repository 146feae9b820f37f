/**
 * The random traffic of `npm run bench` (scripts/bench.mjs) and of the side-by-side comparison of
 * two builds (compare-builds.mjs): listings with any filters, sorts and pages, search words in both
 * languages, the static pages, the visitor's language, and the lines of each random target.
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

/**
 * Line makers for the random targets: each returns "path" or "path\tcookie". A shop's traffic is
 * mostly people looking at products: the mix is 30 % guest product pages, 10 % guest shop pages,
 * 5 % guest home, 3 % other guest pages, 12 % signed-in pages, and the API the pages' scripts call
 * after they load: 15 % product JSON, 12 % listings, 8 % searches, 5 % home data.
 */
export function lineMakers(ids, customerCookie) {
  const guest = (p) => `${p}\t${langCookie()}`;
  const signedIn = (p) => `${p}\t${customerCookie}; ${langCookie()}`;
  const productPage = () => `/product/${pick(ids)}`;
  const shopPage = () => `/shop?${randomListingQuery()}`;
  const anyPage = () =>
    pick([productPage, productPage, productPage, shopPage, shopPage, () => "/", () => pick(STATIC_PAGES)])();
  const makers = {
    productJson: () => `/api/products/${pick(ids)}`,
    listing: () => `/api/products?${randomListingQuery()}`,
    search: () => {
      const words = Math.random() < 0.3 ? `${pick(SEARCH_WORDS)} ${pick(SEARCH_WORDS)}` : pick(SEARCH_WORDS);
      return `/api/products?search=${encodeURIComponent(words)}&page=${1 + Math.floor(Math.random() * 3)}`;
    },
    homeData: () => "/api/promos-featuredproducts",
    guestPage: () => guest(anyPage()),
    signedInPage: () => signedIn(anyPage()),
  };
  const weighted = [
    [30, () => guest(productPage())],
    [10, () => guest(shopPage())],
    [5, () => guest("/")],
    [3, () => guest(pick(STATIC_PAGES))],
    [12, makers.signedInPage],
    [15, makers.productJson],
    [12, makers.listing],
    [8, makers.search],
    [5, makers.homeData],
  ];
  const sum = weighted.reduce((s, [w]) => s + w, 0);
  makers.mixed = () => {
    let r = Math.random() * sum;
    for (const [w, make] of weighted) {
      r -= w;
      if (r < 0) return make();
    }
    return weighted[0][1]();
  };
  return makers;
}
