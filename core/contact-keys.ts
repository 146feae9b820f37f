/**
 * The keys a customer is known by (issue 16, docs/decisions/290): a phone or an e-mail written any
 * way a shopper might write it maps to one key, so a block or a limit cannot be dodged by formatting.
 *
 * Phones: Arabic-Indic digits become Latin, everything but digits and a leading "+" goes, and an
 * Egyptian number in international form (+20…, 0020…, 20… with 12 digits) becomes its national
 * form 0…; a mobile written without its 0 (10 digits, 1…) gets it back. So "+20 100 123 4567",
 * "0020-1001234567", "201001234567", "٠١٠٠١٢٣٤٥٦٧" and "01001234567" are all "01001234567". A
 * foreign number keeps "+" and its digits.
 * E-mails: trimmed and lower-cased (the part before @ is case-sensitive only in theory; no shop
 * or provider treats it so). Dots and +tags are left alone: they are different mailboxes on many
 * providers, and the phone, required with every order, is the stronger key.
 */

const ARABIC_INDIC = /[\u0660-\u0669\u06f0-\u06f9]/g;

function latinDigits(s: string): string {
  return s.replace(ARABIC_INDIC, (d) => {
    const c = d.charCodeAt(0);
    return String(c >= 0x06f0 ? c - 0x06f0 : c - 0x0660);
  });
}

export function phoneKey(phone: string): string {
  const s = latinDigits(phone.trim());
  let digits = s.replace(/\D/g, "");
  let international = s.startsWith("+");
  if (!international && digits.startsWith("00")) {
    digits = digits.slice(2);
    international = true;
  }
  if (international || (digits.length === 12 && digits.startsWith("201"))) {
    if (digits.startsWith("20")) return `0${digits.slice(2).replace(/^0+/, "")}`;
    return `+${digits}`;
  }
  if (digits.length === 10 && digits.startsWith("1")) return `0${digits}`;
  return digits;
}

export const emailKey = (email: string) => email.trim().toLowerCase();

/** A phone key worth blocking: at least 6 digits (the checkout's own rule). */
export const isPhoneKey = (key: string) => /^\+?\d{6,20}$/.test(key);
