/** The one e-mail a subscriber gets when the size and colour they waited for is back. */
import type { Lang } from "@core/constants";
import { colorName } from "@core/color-names";
import { translate, type Vars } from "@core/i18n";
import { trimTrailingSlashes } from "@core/trim-slashes";
import { type EmailContent, renderEmail } from "../orders/emails";

export interface RestockedProduct {
  id: string;
  name: string;
  nameAr: string | null;
}

/** Where the e-mail links: always PUBLIC_URL, never a request's Host header. */
export const productUrl = (baseUrl: string, productId: string) =>
  `${trimTrailingSlashes(baseUrl)}/product/${encodeURIComponent(productId)}`;

export function restockEmail(
  lang: Lang,
  product: RestockedProduct,
  variant: { size: string; color: string },
  baseUrl: string,
): EmailContent {
  const t = (key: string, vars?: Vars) => translate(lang, `alerts.email.${key}`, vars);
  const name = (lang === "ar" && product.nameAr) || product.name;
  const size = variant.size === "Free Size" ? translate(lang, "common.freeSize") : variant.size;
  const named = colorName(variant.color);
  const color = named ? translate(lang, `catalog.color.${named}`) : variant.color;
  return renderEmail(lang, t("subject", { name }), [
    { kind: "p", text: t("intro", { name }) },
    { kind: "list", items: [variant.size ? t("size", { size }) : "", t("color", { color })].filter(Boolean) },
    { kind: "link", label: t("shopNow"), url: productUrl(baseUrl, product.id) },
    { kind: "p", text: t("once") },
  ]);
}
