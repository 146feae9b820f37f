import { foldSearchText } from "@core/search-fold";
import { translate } from "@core/i18n";

interface SearchableProduct {
  name: string;
  nameAr?: string | null;
  code: string;
  category: string;
  collection?: string | null;
}

/**
 * products.search_text: both languages' names, the code, and the category and collection names in
 * English and Arabic, folded like every query is (core/search-fold), so "فستان" finds a dress.
 */
export function buildSearchText(p: SearchableProduct): string {
  const parts = [
    p.name,
    p.nameAr ?? "",
    p.code,
    translate("en", `common.category.${p.category}`),
    translate("ar", `common.category.${p.category}`),
  ];
  if (p.collection) {
    parts.push(
      translate("en", `common.collection.${p.collection}`),
      translate("ar", `common.collection.${p.collection}`),
    );
  }
  return foldSearchText(parts.filter(Boolean).join(" "));
}
