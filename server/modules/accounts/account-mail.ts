/** The activation and reset e-mails, in the account's language, as text and simple HTML. */
import type { Lang } from "@core/constants";
import { TIMINGS } from "@core/constants";
import { translate } from "@core/i18n";
import type { AppDeps } from "../../deps";
import type { CodePurpose } from "./codes";

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

export async function sendCodeMail(
  deps: AppDeps,
  to: { email: string; firstName: string; lang: Lang },
  purpose: CodePurpose,
  code: string,
) {
  const { lang } = to;
  const t = (key: string, vars?: Record<string, string | number>) => translate(lang, key, vars);
  const prefix = purpose === "activation" ? "auth.mailActivation" : "auth.mailReset";
  const vars = { name: to.firstName, minutes: TIMINGS.codeTtlMinutes, shop: t("common.shopName") };
  const subject = t(`${prefix}Subject`, vars);
  const greeting = t("auth.mailGreeting", vars);
  const intro = t(`${prefix}Intro`, vars);
  const expiry = t("auth.mailExpiry", vars);
  const ignore = t(`${prefix}Ignore`, vars);
  const text = [greeting, "", intro, "", code, "", expiry, ignore].join("\n");
  const dir = lang === "ar" ? "rtl" : "ltr";
  const html = `<!doctype html><html lang="${lang}" dir="${dir}"><body style="font-family:Arial,Tahoma,sans-serif;color:#1f1720">
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(intro)}</p>
<p style="font-size:28px;font-weight:bold;letter-spacing:6px;direction:ltr;unicode-bidi:isolate">${code}</p>
<p>${escapeHtml(expiry)}</p>
<p style="color:#6b6170">${escapeHtml(ignore)}</p>
</body></html>`;
  await deps.mailer.send({ to: to.email, subject, text, html });
}
