import type { Dictionary } from "@core/i18n/format";

/**
 * A page's dictionary is a file of its own, named by the root loader's `dictHref` (decision 356;
 * server/http/dictionary-asset.ts): the server keeps the text it renders with here, the browser
 * fetches it before it hydrates (entry.client.tsx) and when a navigation needs another set (the
 * root's clientLoader). Each address's text never changes, so each is parsed once and kept.
 */
const byHref = new Map<string, Dictionary>();

/** Keeps an address's dictionary from its JSON text. */
export function rememberDictionary(href: string, text: string): void {
  if (byHref.has(href)) return;
  // Two languages × a handful of namespace sets exist; the bound only guards against surprises.
  if (byHref.size >= 64) byHref.clear();
  byHref.set(href, JSON.parse(text) as Dictionary);
}

/** Fetches an address's dictionary unless it is already kept. */
export async function loadDictionary(href: string): Promise<void> {
  if (byHref.has(href)) return;
  const res = await fetch(href);
  if (!res.ok) throw new Error(`dictionary ${href}: HTTP ${res.status}`);
  rememberDictionary(href, await res.text());
}

/** The dictionary the root loader named (route `meta` functions read it from `matches`). */
export const rootDictionary = (root: { dictHref?: string } | undefined | null): Dictionary =>
  (root?.dictHref && byHref.get(root.dictHref)) || {};
