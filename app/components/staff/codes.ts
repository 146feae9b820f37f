/** Code generators of the back office (SPEC §5, §9). Pure, so they are unit-tested. */
export { generateProductCode } from "@core/validation/product";

const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/** A promo code: 8 random capital letters. */
export function generatePromoCode(random: () => number = Math.random): string {
  let code = "";
  for (let i = 0; i < 8; i++) code += LETTERS[Math.floor(random() * LETTERS.length) % LETTERS.length];
  return code;
}

/** The earliest expiry a promo code may have: tomorrow, as yyyy-mm-dd in local time. */
export function tomorrowIso(now: Date = new Date()): string {
  const d = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
  const mm = String(d.getMonth() + 1).padStart(2, "0");
  const dd = String(d.getDate()).padStart(2, "0");
  return `${d.getFullYear()}-${mm}-${dd}`;
}

/** True when a promo code's expiry is in the past. */
export const isExpired = (expDate: string, now: Date = new Date()) => new Date(expDate).getTime() < now.getTime();

/** The first `n` characters, with an ellipsis when cut (banner descriptions show 100). */
export function cutText(text: string, n: number): string {
  return text.length > n ? `${text.slice(0, n).trimEnd()}…` : text;
}

/** Dates and counts in the page's language, with Latin digits in Arabic too (docs/decisions/002). */
export const staffLocale = (lang: "en" | "ar") => (lang === "ar" ? "ar-EG-u-nu-latn" : "en-GB");
