/** The one e-mail of an abandoned cart, in the customer's language, with the bag and two links. */
import type { Lang } from "@core/constants";
import { colorName } from "@core/color-names";
import { translate, type Vars } from "@core/i18n";
import { formatEgp, lineTotal } from "@core/pricing";
import { trimTrailingSlashes } from "@core/trim-slashes";
import { type EmailContent, renderEmail } from "../orders/emails";
import type { BagLine } from "./bag";

export const restoreUrl = (baseUrl: string, token: string) =>
  `${trimTrailingSlashes(baseUrl)}/cart?restore=${encodeURIComponent(token)}`;
/** The page a person opens from the e-mail (it asks before it unsubscribes). */
export const unsubscribePageUrl = (baseUrl: string, token: string) =>
  `${trimTrailingSlashes(baseUrl)}/unsubscribe?token=${encodeURIComponent(token)}`;
/** The one-click address of List-Unsubscribe (RFC 8058): a mail client POSTs to it. */
export const unsubscribeApiUrl = (baseUrl: string, token: string) =>
  `${trimTrailingSlashes(baseUrl)}/api/cart-reminders/unsubscribe?token=${encodeURIComponent(token)}`;

export function reminderEmail(
  lang: Lang,
  lines: BagLine[],
  links: { restore: string; unsubscribe: string },
): EmailContent {
  const t = (key: string, vars?: Vars) => translate(lang, `reminders.email.${key}`, vars);
  const items = lines.map((l) => {
    const name = (lang === "ar" && l.product.nameAr) || l.product.name;
    const size = l.size === "Free Size" ? translate(lang, "common.freeSize") : l.size;
    const named = colorName(l.color);
    const color = named ? translate(lang, `catalog.color.${named}`) : l.color;
    const price = formatEgp(lineTotal(l.product, l.quantity), lang);
    return t("line", { name, size, color, quantity: l.quantity, price });
  });
  const total = formatEgp(
    lines.reduce((sum, l) => sum + lineTotal(l.product, l.quantity), 0),
    lang,
  );
  return renderEmail(lang, t("subject"), [
    { kind: "p", text: t("intro") },
    { kind: "list", items },
    { kind: "p", text: t("total", { total }) },
    { kind: "link", label: t("backToBag"), url: links.restore },
    { kind: "p", text: t("once") },
    { kind: "link", label: t("unsubscribe"), url: links.unsubscribe },
  ]);
}
