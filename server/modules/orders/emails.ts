/**
 * The order e-mails, in the order's language: a confirmation with the order number and a tracking
 * link, and a note when staff change the status. A small template helper builds both the text and
 * the HTML part from the same lines, so the two never drift apart.
 */
import { formatEgp, toPiastres } from "@core/pricing";
import type { Lang } from "@core/constants";
import { translate } from "@core/i18n";
import type { AppDeps } from "../../deps";
import type { DbOrTx } from "../../db/client";
import type { OrderDTO } from "./order-dto";
import { trimTrailingSlashes } from "@core/trim-slashes";

export interface EmailContent {
  subject: string;
  text: string;
  html: string;
}

type Block =
  | { kind: "p"; text: string }
  | { kind: "list"; items: string[] }
  | { kind: "link"; label: string; url: string };

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** One e-mail from blocks: paragraphs, a list and a button-like link; right-to-left for Arabic. */
export function renderEmail(lang: Lang, subject: string, blocks: Block[]): EmailContent {
  const text = blocks
    .map((b) =>
      b.kind === "p" ? b.text : b.kind === "list" ? b.items.map((i) => `- ${i}`).join("\n") : `${b.label}: ${b.url}`,
    )
    .join("\n\n");
  const body = blocks
    .map((b) => {
      if (b.kind === "p") return `<p>${escapeHtml(b.text)}</p>`;
      if (b.kind === "list") return `<ul>${b.items.map((i) => `<li>${escapeHtml(i)}</li>`).join("")}</ul>`;
      return `<p><a href="${escapeHtml(b.url)}" style="display:inline-block;padding:10px 18px;background:#9d174d;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(b.label)}</a></p>`;
    })
    .join("\n");
  const dir = lang === "ar" ? "rtl" : "ltr";
  const html = `<!doctype html><html lang="${lang}" dir="${dir}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body style="font-family:sans-serif;line-height:1.5">${body}</body></html>`;
  return { subject, text, html };
}

export const trackingUrl = (baseUrl: string, orderNumber: string) =>
  `${trimTrailingSlashes(baseUrl)}/orders?on=${encodeURIComponent(orderNumber)}`;

const money = (egp: number, lang: Lang) => formatEgp(toPiastres(egp), lang);

/** The code and link a cash-on-delivery order awaiting confirmation adds to its e-mail (issue 16). */
export interface ConfirmationBlock {
  code: string;
  hours: number;
}

export const confirmUrl = (baseUrl: string, orderNumber: string, code: string) =>
  `${trackingUrl(baseUrl, orderNumber)}&code=${encodeURIComponent(code)}`;

function confirmationBlocks(order: OrderDTO, baseUrl: string, c: ConfirmationBlock): Block[] {
  const t = (key: string, vars?: Record<string, string | number>) => translate(order.lang, `cod.${key}`, vars);
  return [
    { kind: "p", text: t("emailCodeIntro", { phone: order.phone }) },
    { kind: "p", text: c.code },
    { kind: "p", text: t("emailLinkIntro") },
    { kind: "link", label: t("emailConfirmButton"), url: confirmUrl(baseUrl, order.orderNumber, c.code) },
    { kind: "p", text: t("emailDeadline", { hours: c.hours }) },
  ];
}

export function orderConfirmationEmail(
  order: OrderDTO,
  baseUrl: string,
  confirmation?: ConfirmationBlock,
): EmailContent {
  const lang = order.lang;
  const t = (key: string, vars?: Record<string, string | number>) => translate(lang, `ordersApi.email.${key}`, vars);
  const a = order.shipping.address;
  const address = [a.street, a.building, a.floor, a.apartment, a.area, a.city, a.state, a.country]
    .filter(Boolean)
    .join(", ");
  const s = order.orderSummary;
  const url = trackingUrl(baseUrl, order.orderNumber);
  const subject = confirmation
    ? translate(lang, "cod.emailSubject", { orderNumber: order.orderNumber })
    : t("confirmSubject", { orderNumber: order.orderNumber });
  return renderEmail(lang, subject, [
    { kind: "p", text: t("greeting", { name: order.firstName }) },
    { kind: "p", text: t("confirmIntro") },
    { kind: "p", text: t("orderNumber", { orderNumber: order.orderNumber }) },
    ...(confirmation ? confirmationBlocks(order, baseUrl, confirmation) : []),
    {
      kind: "list",
      items: order.products.map((l) =>
        t("line", {
          name: (lang === "ar" && l.productId.nameAr) || l.productId.name,
          size: l.size,
          color: l.color,
          quantity: l.quantity,
          total: money(l.lineTotal, lang),
        }),
      ),
    },
    {
      kind: "list",
      items: [
        t("subtotal", { amount: money(s.subtotal, lang) }),
        ...(s.discount > 0 ? [t("discount", { amount: money(s.discount, lang) })] : []),
        t("shipping", { amount: s.shipping === 0 ? t("free") : money(s.shipping, lang) }),
        ...(s.codFee > 0 ? [translate(lang, "customers.emailCodFee", { amount: money(s.codFee, lang) })] : []),
        t("total", { amount: money(s.total, lang) }),
        t("payment", { method: translate(lang, `ordersApi.payment.${order.paymentMethod}`) }),
      ],
    },
    { kind: "p", text: t("address", { address }) },
    { kind: "link", label: t("trackButton"), url },
    { kind: "p", text: t("thanks") },
  ]);
}

export function orderStatusEmail(order: OrderDTO, baseUrl: string): EmailContent {
  const lang = order.lang;
  const t = (key: string, vars?: Record<string, string | number>) => translate(lang, `ordersApi.email.${key}`, vars);
  const status = translate(lang, `ordersApi.status.${order.status}`);
  return renderEmail(lang, t("statusSubject", { orderNumber: order.orderNumber, status }), [
    { kind: "p", text: t("greeting", { name: order.firstName }) },
    {
      kind: "p",
      text:
        order.status === "Cancelled"
          ? t("cancelledIntro", { orderNumber: order.orderNumber })
          : t("statusIntro", { orderNumber: order.orderNumber, status }),
    },
    { kind: "link", label: t("trackButton"), url: trackingUrl(baseUrl, order.orderNumber) },
    { kind: "p", text: t("thanks") },
  ]);
}

/** Queued in `db` (the order's own transaction), so the order never waits for the mail server. */
export async function sendOrderConfirmation(
  deps: AppDeps,
  db: DbOrTx,
  order: OrderDTO,
  baseUrl: string,
  confirmation?: ConfirmationBlock,
) {
  await deps.mailer.send({ to: order.email, ...orderConfirmationEmail(order, baseUrl, confirmation) }, { db });
}

/** Told when an unconfirmed cash-on-delivery order is cancelled after COD_CONFIRM_HOURS. */
export function orderExpiredEmail(order: OrderDTO, baseUrl: string, hours: number): EmailContent {
  const lang = order.lang;
  const t = (key: string, vars?: Record<string, string | number>) => translate(lang, key, vars);
  return renderEmail(lang, t("cod.expiredSubject", { orderNumber: order.orderNumber }), [
    { kind: "p", text: t("ordersApi.email.greeting", { name: order.firstName }) },
    { kind: "p", text: t("cod.expiredIntro", { orderNumber: order.orderNumber, hours }) },
    { kind: "link", label: t("ordersApi.email.trackButton"), url: trackingUrl(baseUrl, order.orderNumber) },
  ]);
}
