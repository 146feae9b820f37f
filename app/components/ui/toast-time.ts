/**
 * The time a toast shows (SPEC §8), in Latin digits in both languages like the rest of the shop
 * (decision 002): "ar-EG" alone would write Arabic-Indic digits (١٠:٣٠).
 */
const formats = new Map<string, Intl.DateTimeFormat>();

export function toastTime(lang: string, at: Date = new Date()): string {
  let f = formats.get(lang);
  if (!f) {
    f = new Intl.DateTimeFormat(lang === "ar" ? "ar-EG-u-nu-latn" : "en-GB", { hour: "2-digit", minute: "2-digit" });
    formats.set(lang, f);
  }
  return f.format(at);
}
