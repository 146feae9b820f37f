/**
 * Which dictionary namespaces a page needs. The root loader ships only these, so a product page
 * does not carry the back office's or the legal pages' strings (measured: ~60 % of the bytes).
 * Namespaces not listed in SCOPED go to every page.
 */
const STAFF = ["/moderator/", "/admin/"];
const STATIC_PAGES = ["/about", "/contact", "/privacy-policy", "/terms-service", "/refund-policy", "/shipping-policy"];
const ACCOUNT_PAGES = ["/auth", "/forgot-password", "/account", ...STAFF];
const ORDER_PAGES = ["/cart", "/checkout", "/orders", ...STAFF];

const SCOPED: Record<string, string[]> = {
  staff: STAFF,
  admin: STAFF,
  pages: STATIC_PAGES,
  auth: ACCOUNT_PAGES,
  account: ACCOUNT_PAGES,
  checkout: ORDER_PAGES,
  orders: ORDER_PAGES,
  documents: ORDER_PAGES,
  cod: ORDER_PAGES,
  customers: ORDER_PAGES,
  reminders: [...ORDER_PAGES, "/unsubscribe"],
};

const matches = (pathname: string, prefixes: string[]) =>
  prefixes.some((p) => (p.endsWith("/") ? pathname.startsWith(p) : pathname === p || pathname.startsWith(`${p}/`)));

/** True when the key's namespace is wanted on this path. */
export function namespaceWanted(namespace: string, pathname: string): boolean {
  const scope = SCOPED[namespace];
  return !scope || matches(pathname, scope);
}

/** A stable name for the set of namespaces a path needs; the root loader re-runs when it changes. */
export function namespaceSetKey(pathname: string): string {
  return Object.keys(SCOPED)
    .filter((ns) => namespaceWanted(ns, pathname))
    .join(",");
}

const picked = new WeakMap<Record<string, string>, Map<string, Record<string, string>>>();

/** The page's share of a dictionary; computed once per language and set of namespaces. */
export function pickDictionary(dict: Record<string, string>, pathname: string): Record<string, string> {
  const setKey = namespaceSetKey(pathname);
  let byKey = picked.get(dict);
  if (!byKey) {
    byKey = new Map();
    picked.set(dict, byKey);
  }
  const known = byKey.get(setKey);
  if (known) return known;
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(dict)) {
    if (namespaceWanted(key.slice(0, key.indexOf(".")), pathname)) out[key] = value;
  }
  byKey.set(setKey, out);
  return out;
}

const texts = new WeakMap<Record<string, string>, Map<string, string>>();

/** The page's share of a dictionary as JSON text (app/i18n/dictionary-text.ts), made once per set. */
export function pickDictionaryText(dict: Record<string, string>, pathname: string): string {
  const setKey = namespaceSetKey(pathname);
  let byKey = texts.get(dict);
  if (!byKey) {
    byKey = new Map();
    texts.set(dict, byKey);
  }
  let text = byKey.get(setKey);
  if (text === undefined) {
    text = JSON.stringify(pickDictionary(dict, pathname));
    byKey.set(setKey, text);
  }
  return text;
}
