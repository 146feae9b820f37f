import type { Lang } from "@core/constants";

/**
 * The few strings the root error page needs when the root loader itself failed (so no dictionary
 * reached the browser). Kept tiny on purpose: importing the full dictionaries here would ship every
 * string of both languages to every page. tests/unit/i18n.test.ts keeps them equal to the JSON.
 */
export const FALLBACK: Record<Lang, Record<string, string>> = {
  en: {
    "common.errorTitle": "Something went wrong",
    "common.errorText": "An error occurred",
    "common.notFoundTitle": "Page not found",
    "common.notFoundText": "We could not find the page you were looking for.",
    "common.backHome": "Back to home",
  },
  ar: {
    "common.errorTitle": "حدث خطأ ما",
    "common.errorText": "حدث خطأ",
    "common.notFoundTitle": "الصفحة غير موجودة",
    "common.notFoundText": "لم نتمكن من العثور على الصفحة التي تبحث عنها.",
    "common.backHome": "العودة إلى الرئيسية",
  },
};
