/**
 * Folds text for search so that what a shopper types matches what staff wrote, in either language:
 * lower case, Latin accents removed, Arabic diacritics (harakat, superscript alef) and tatweel
 * removed, and the letter variants people type interchangeably unified (أ إ آ → ا, ى → ي, ة → ه).
 * The same function folds the stored products.search_text and every query.
 */
const ARABIC_MARKS = /[\u064B-\u0652\u0670\u0640]/g;
const LATIN_MARKS = /[\u0300-\u036f]/g;

export function foldSearchText(input: string): string {
  return input
    .normalize("NFD")
    .replace(LATIN_MARKS, "")
    .normalize("NFC")
    .replace(ARABIC_MARKS, "")
    .replace(/[أإآٱ]/g, "ا")
    .replace(/ى/g, "ي")
    .replace(/ة/g, "ه")
    .toLowerCase()
    .replace(/\s+/g, " ")
    .trim();
}
