import type { Dictionary } from "@core/i18n/format";

/**
 * The page's dictionary travels in the root loader's data as one JSON string (`dictText`), not as
 * an object of ~1,200 keys: React Router's serializer walked every key and value of it on every
 * render (decision 321), and the browser decoded them one by one. The server makes each
 * language × namespace set's string once; both sides parse a string once and keep the object.
 */
const parsed = new Map<string, Dictionary>();

export function parseDictionary(text: string | undefined | null): Dictionary {
  if (!text) return {};
  let dict = parsed.get(text);
  if (!dict) {
    dict = JSON.parse(text) as Dictionary;
    // A handful of languages × namespace sets exist; the bound only guards against surprises.
    if (parsed.size >= 32) parsed.clear();
    parsed.set(text, dict);
  }
  return dict;
}

/** The dictionary in the root loader's data (route `meta` functions read it from `matches`). */
export const rootDictionary = (root: { dictText?: string } | undefined | null): Dictionary =>
  parseDictionary(root?.dictText);
