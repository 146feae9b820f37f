import type { Lang } from "@core/constants";
import { translate } from "~/i18n";

/** Title and description of a content page, in the reader's language (root loader data). */
export function pageMeta(matches: readonly unknown[], page: string) {
  const root = matches[0] as { data?: { lang?: Lang } } | undefined;
  const lang = root?.data?.lang ?? "en";
  const title = `${translate(lang, `pages.${page}.title`)} | ${translate(lang, "common.shopName")}`;
  const description = translate(lang, `pages.${page}.description`);
  return [
    { title },
    { name: "description", content: description },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
  ];
}
