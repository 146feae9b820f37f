import type { Lang } from "@core/constants";

/** An order's city in the page's language, from the governorates' Arabic names (decision 139). */
export function cityInLang(city: string, namesAr: Record<string, string> | null | undefined, lang: Lang): string {
  return (lang === "ar" && namesAr?.[city.trim().toLowerCase()]) || city;
}

/** A size as shown: the spec's 'Free Size' is a word, so it is translated; XS…XXXXXL are not. */
export function sizeLabel(size: string, t: (key: string) => string): string {
  return size === "Free Size" ? t("common.freeSize") : size;
}
