import { translateWith, type Vars } from "@core/i18n/format";

/**
 * Translation for route `meta` functions. Meta runs in the browser too, so it reads the page's
 * dictionary from the root loader's data instead of importing every string of both languages.
 */
export function metaTranslator(matches: readonly unknown[]) {
  const root = matches[0] as { data?: { dict?: Record<string, string> } } | undefined;
  const dict = root?.data?.dict ?? {};
  return (key: string, vars?: Vars) => translateWith(dict, key, vars);
}
