/**
 * Which dictionary namespaces a page needs. A page's dictionary holds only these, so a product page
 * does not carry the back office's or the legal pages' strings (measured: ~60 % of the bytes).
 * Namespaces not listed in SCOPED go to every page. The browser fetches each language × set once,
 * from an address that names the set (server/http/dictionary-asset.ts, decision 356).
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

const SCOPED_NAMES = Object.keys(SCOPED);

/** The scoped namespaces a path needs as a number (bit i: SCOPED's i-th namespace): its dictionary's address. */
export function namespaceSetBits(pathname: string): number {
  return SCOPED_NAMES.reduce((bits, ns, i) => (namespaceWanted(ns, pathname) ? bits | (1 << i) : bits), 0);
}

/** The scoped namespaces a set number holds; null for a number no set has. */
export function namespacesOfBits(bits: number): string[] | null {
  if (!Number.isInteger(bits) || bits < 0 || bits >= 1 << SCOPED_NAMES.length) return null;
  return SCOPED_NAMES.filter((_, i) => bits & (1 << i));
}

const bitTexts = new WeakMap<Record<string, string>, Map<number, string>>();

/**
 * A dictionary's share for a set number as JSON text: the unscoped namespaces and the set's
 * scoped ones. Made once per language and set.
 */
export function dictionaryTextOfBits(dict: Record<string, string>, bits: number): string | null {
  const scoped = namespacesOfBits(bits);
  if (!scoped) return null;
  let byBits = bitTexts.get(dict);
  if (!byBits) {
    byBits = new Map();
    bitTexts.set(dict, byBits);
  }
  let text = byBits.get(bits);
  if (text === undefined) {
    const wanted = (ns: string) => !(ns in SCOPED) || scoped.includes(ns);
    const out: Record<string, string> = {};
    for (const [key, value] of Object.entries(dict)) if (wanted(key.slice(0, key.indexOf(".")))) out[key] = value;
    text = JSON.stringify(out);
    byBits.set(bits, text);
  }
  return text;
}

/** The page's share of a dictionary as an object: its file's text (dictionaryTextOfBits), parsed. */
export function pickDictionary(dict: Record<string, string>, pathname: string): Record<string, string> {
  return JSON.parse(dictionaryTextOfBits(dict, namespaceSetBits(pathname))!) as Record<string, string>;
}
