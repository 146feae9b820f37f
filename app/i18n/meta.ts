import type { Lang } from "@core/constants";
import { translateWith, type Vars } from "@core/i18n/format";
import { rootDictionary } from "./dictionary-text";

interface RootMatchData {
  lang?: Lang;
  dictHref?: string;
}

/**
 * Translation for route `meta` functions, the one helper every route uses. Meta runs in the browser
 * too, so it reads the page's language and dictionary from the root loader's data instead of
 * importing every string of both languages.
 */
export function metaTranslator(matches: readonly unknown[]) {
  const root = (matches as readonly ({ id?: string; data?: unknown } | undefined)[]).find((m) => m?.id === "root")
    ?.data as RootMatchData | undefined;
  const lang: Lang = root?.lang ?? "en";
  const dict = rootDictionary(root);
  return { lang, t: (key: string, vars?: Vars) => translateWith(dict, key, vars, lang) };
}
