import { createContext, useCallback, useContext, useMemo, type ReactNode } from "react";
import type { Lang } from "@core/constants";
import { translateWith, type Dictionary, type Vars } from "@core/i18n/format";

interface I18nValue {
  lang: Lang;
  dir: "ltr" | "rtl";
  dict: Dictionary;
}

const I18nContext = createContext<I18nValue>({ lang: "en", dir: "ltr", dict: {} });

export function I18nProvider({ lang, dict, children }: { lang: Lang; dict: Dictionary; children: ReactNode }) {
  const value = useMemo(() => ({ lang, dir: lang === "ar" ? ("rtl" as const) : ("ltr" as const), dict }), [lang, dict]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

/** `t("cart.onlyNLeft", { n: 3 })` in the current language. */
export function useT() {
  const { dict, lang } = useContext(I18nContext);
  return useCallback((key: string, vars?: Vars) => translateWith(dict, key, vars, lang), [dict, lang]);
}

export const useLang = () => useContext(I18nContext).lang;
export const useDir = () => useContext(I18nContext).dir;
