/**
 * The language of a piece of shop or user content, for its `lang`/`dir` attributes: an English
 * name shown on an Arabic page (staff gave no Arabic one) is marked `lang="en"`, an Arabic review
 * on an English page `lang="ar"`, so screen readers switch voice and the text keeps its direction.
 * Decided by script, since user content says nothing about its language (docs/decisions/139).
 */
import type { Lang } from "@core/constants";

const ARABIC = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/;
const LATIN = /[A-Za-z\u00C0-\u024F]/;

export function textLang(text: string | null | undefined, pageLang: Lang): { lang?: Lang; dir: "auto" } {
  const s = text ?? "";
  if (pageLang === "ar" && LATIN.test(s) && !ARABIC.test(s)) return { lang: "en", dir: "auto" };
  if (pageLang === "en" && ARABIC.test(s)) return { lang: "ar", dir: "auto" };
  return { dir: "auto" };
}

/** Staff-given bilingual text: the Arabic where the page is Arabic and staff gave one, else the English. */
export function inPageLang(en: string, ar: string | null | undefined, pageLang: Lang): string {
  return pageLang === "ar" && ar?.trim() ? ar : en;
}
