/** A pdfkit document with the shop's fonts registered, and its bytes once finished. */
import type PDFDocument from "pdfkit";
import type { Lang } from "@core/constants";
import { colorName } from "@core/color-names";
import { formatEgp, toPiastres } from "@core/pricing";
import { translate, type Vars } from "@core/i18n";
import type { OrderAddress } from "../../db/schema";
import { documentFonts } from "./fonts";
import { registerFonts, type Direction } from "./text-layout";

export type Doc = InstanceType<typeof PDFDocument>;

export const A4 = { width: 595.28, height: 841.89 };
/** 100 × 150 mm, the courier's thermal label. */
export const LABEL = { width: 283.46, height: 425.2 };

/**
 * pdfkit (with fontkit and its tables) is loaded at the first document, not with the server:
 * 6 MB of heap in every process, where only staff printing an invoice or a label uses it.
 */
export async function newDocument(title: string, lang: Lang, size: { width: number; height: number }): Promise<Doc> {
  const { default: PDFDocument } = await import("pdfkit");
  const doc = new PDFDocument({
    size: [size.width, size.height],
    margin: 0,
    autoFirstPage: true,
    lang,
    displayTitle: true,
    info: { Title: title, Author: translate(lang, "common.shopName"), Producer: "pdfkit" },
    // The PDFs are small; fixed metadata dates would need `info.CreationDate`, not needed here.
  });
  registerFonts(doc, documentFonts());
  return doc;
}

export function finish(doc: Doc): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on("data", (c: Buffer) => chunks.push(c));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
    doc.end();
  });
}

/** The words and formats of one document, in its language. */
export function wording(lang: Lang) {
  const dir: Direction = lang === "ar" ? "rtl" : "ltr";
  const sep = lang === "ar" ? "، " : ", ";
  return {
    lang,
    dir,
    t: (key: string, vars?: Vars) => translate(lang, key, vars),
    /** The order JSON carries EGP numbers; core/pricing formats piastres (Latin digits, decision 002). */
    money: (egp: number) => formatEgp(toPiastres(egp), lang),
    date: (iso: string) =>
      new Intl.DateTimeFormat(lang === "ar" ? "ar-EG-u-nu-latn" : "en-GB", {
        dateStyle: "long",
        timeZone: "Africa/Cairo",
      }).format(new Date(iso)),
    /** The spec's 'Free Size' is a word, translated like app/lib/size-label.ts does; XS…XXL are not. */
    size: (size: string) => (size === "Free Size" ? translate(lang, "common.freeSize") : size),
    /** "#000000" → "Black" / "أسود"; a value that is no colour we read stays as written. */
    color: (value: string) => {
      const name = colorName(value);
      return name ? translate(lang, `catalog.color.${name}`) : value;
    },
    /** Street, building, floor, apartment on one line; area, city, governorate on the next. */
    address: (a: OrderAddress) => {
      const t = (key: string, vars: Vars) => translate(lang, key, vars);
      const first = [
        a.street,
        a.building && t("documents.building", { building: a.building }),
        a.floor && t("documents.floor", { floor: a.floor }),
        a.apartment && t("documents.apartment", { apartment: a.apartment }),
      ].filter(Boolean);
      const second = [a.area, a.city, a.state, a.postalCode].filter(Boolean);
      return [first.join(sep), second.join(sep)].filter(Boolean);
    },
  };
}

export type Wording = ReturnType<typeof wording>;
