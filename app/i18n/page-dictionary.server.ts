import type { Lang } from "@core/constants";
import { type DictionaryAsset, dictionaryAsset } from "@server/http/dictionary-asset";
import { rememberDictionary } from "./dictionary-text";

/**
 * The dictionary of a page at `pathname` in `lang` (decision 356), kept where this thread's render
 * reads it (dictionary-text.ts). The root loader calls it on the main thread; a render thread calls
 * it before it renders (decision 405), since what the loader kept lives in the main thread's memory.
 */
export function rememberPageDictionary(lang: Lang, pathname: string): DictionaryAsset {
  const dictionary = dictionaryAsset(lang, pathname);
  rememberDictionary(dictionary.href, dictionary.text);
  return dictionary;
}
