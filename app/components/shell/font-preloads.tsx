import type { Lang } from "@core/constants";
import interLatin from "~/fonts/inter-core-wght.woff2?url";
import kufiArabicCore from "~/fonts/noto-kufi-arabic-core-wght.woff2?url";
import kufiLatin from "~/fonts/noto-kufi-arabic-latin-core-wght.woff2?url";

/**
 * The font files a page in each language draws its first screen with (app.css): Inter for English;
 * Noto Kufi's Arabic and Latin cuts (the Latin one: digits, prices, brand names) for Arabic. Found only in
 * the stylesheet, they would start after it has arrived, and the text would be laid out and
 * painted twice, first in a fallback font. Preloaded, they download beside the stylesheet.
 */
const FIRST_SCREEN_FONTS: Record<Lang, string[]> = {
  en: [interLatin],
  ar: [kufiArabicCore, kufiLatin],
};

/** The preload links, placed in `<head>` before the stylesheet's (written as elements: React 18, decision 390). */
export function FontPreloads({ lang }: { lang: Lang }) {
  // Fonts are fetched in CORS mode even from the same origin, so the preload must be too, or it is wasted.
  return FIRST_SCREEN_FONTS[lang].map((href) => (
    <link key={href} rel="preload" href={href} as="font" type="font/woff2" crossOrigin="anonymous" />
  ));
}
