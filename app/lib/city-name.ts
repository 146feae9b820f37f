import type { Lang } from "@core/constants";

/** An order's city in the page's language, from the governorates' Arabic names (decision 139). */
export function cityInLang(city: string, namesAr: Record<string, string> | null | undefined, lang: Lang): string {
  return (lang === "ar" && namesAr?.[city.trim().toLowerCase()]) || city;
}
