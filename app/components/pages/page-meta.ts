import { metaTranslator } from "~/i18n/meta";

/** Title and description of a content page, in the reader's language (root loader data). */
export function pageMeta(matches: readonly unknown[], page: string) {
  const { t: metaT } = metaTranslator(matches);
  const title = `${metaT(`pages.${page}.title`)} | ${metaT("common.shopName")}`;
  const description = metaT(`pages.${page}.description`);
  return [
    { title },
    { name: "description", content: description },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
  ];
}
