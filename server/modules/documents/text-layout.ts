/**
 * Writing mixed Arabic and Latin text into a PDF in the right order (decision 181).
 *
 * pdfkit draws a string left to right and has no bidi algorithm; fontkit, underneath, shapes
 * Arabic (joining forms, lam-alef) and reverses the glyphs of a run whose script is Arabic. So
 * one call must receive exactly one run: Arabic in logical order (fontkit shapes and reverses it),
 * anything else already in visual order. This module cuts a line into such runs with bidi-js (the
 * Unicode Bidirectional Algorithm: embedding levels, then the visual order of the characters) and
 * draws them one after another from the left, each in the font that has its glyphs.
 */
import bidiFactory from "bidi-js";
import type PDFDocument from "pdfkit";
import type { FontSet } from "./fonts";

type Doc = InstanceType<typeof PDFDocument>;
export type Direction = "ltr" | "rtl";

const bidi = bidiFactory();

/**
 * Any `features` makes pdfkit lay out the whole string in one fontkit call; without it pdfkit lays
 * out word by word and keeps the words in logical order, which breaks right-to-left runs.
 */
const WHOLE_RUN: PDFKit.Mixins.TextOptions = { features: [] };

const FONT = { latin: "latin", latinBold: "latinBold", arabic: "arabic", arabicBold: "arabicBold" } as const;

export function registerFonts(doc: Doc, fonts: FontSet) {
  for (const [name, data] of Object.entries(fonts)) doc.registerFont(name, data);
}

const ARABIC_LETTER = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/;
/** Neutral characters Noto Sans Arabic has glyphs for; any other character is drawn in Noto Sans. */
const ARABIC_FONT_NEUTRAL = /[ \u00a0.,\-:!\u060C\u061B\u061F\u00ab\u00bb]/;
/** Direction marks and embeddings: they steer the algorithm but have no glyph to draw. */
const INVISIBLE = /[\u200B-\u200F\u202A-\u202E\u2066-\u2069\uFEFF]/;
const DIGIT = /[0-9]/;

interface Piece {
  text: string;
  arabicFont: boolean;
}

/**
 * The pieces of one line, left to right, each ready to be drawn in one call. `direction` is the
 * paragraph's (the document's language): in Arabic a line that starts with a Latin word still
 * reads right to left.
 */
export function visualPieces(line: string, direction: Direction): Piece[] {
  if (!line) return [];
  const embedding = bidi.getEmbeddingLevels(line, direction);
  const order = bidi.getReorderedIndices(line, embedding);
  const mirrored = bidi.getMirroredCharactersMap(line, embedding.levels);
  const pieces: Piece[] = [];
  // Visual characters grouped by font and by kind: "rtl" groups are handed to fontkit in logical order.
  let group: { indices: number[]; arabicFont: boolean; rtl: boolean } | null = null;
  const flush = () => {
    if (!group || group.indices.length === 0) return;
    const hasArabic = group.indices.some((i) => ARABIC_LETTER.test(line[i]!));
    // fontkit reverses a run only when its script is Arabic; hand it those in logical order.
    const indices = group.rtl && hasArabic ? [...group.indices].reverse() : group.indices;
    const text = indices.map((i) => mirrored.get(i) ?? line[i]!).join("");
    pieces.push({ text, arabicFont: group.arabicFont });
  };
  for (const i of order) {
    const ch = line[i]!;
    if (INVISIBLE.test(ch)) continue;
    const rtl = (embedding.levels[i]! & 1) === 1;
    const arabicFont = ARABIC_LETTER.test(ch) || (rtl && ARABIC_FONT_NEUTRAL.test(ch) && !DIGIT.test(ch));
    const last = group?.indices.at(-1);
    // A new group when the font or the direction changes, or when the logical order jumps
    // (two right-to-left runs side by side must not be merged into one).
    const contiguous = last === undefined || !rtl || i === last - 1;
    if (!group || group.arabicFont !== arabicFont || group.rtl !== rtl || !contiguous) {
      flush();
      group = { indices: [], arabicFont, rtl };
    }
    group.indices.push(i);
  }
  flush();
  return pieces;
}

export interface LineStyle {
  size: number;
  bold?: boolean;
  color?: string;
}

const fontOf = (piece: Piece, bold: boolean) =>
  piece.arabicFont ? (bold ? FONT.arabicBold : FONT.arabic) : bold ? FONT.latinBold : FONT.latin;

interface EmbeddedFontInternals {
  encode(text: string, features?: unknown): unknown;
  /** pdfkit's ToUnicode table: glyph id in the subset → the code points it stands for. */
  unicode: number[][];
}
const ligaturesFixed = new WeakSet<object>();

/**
 * Text extraction (pdftotext, pdf.js, screen readers) reads the glyphs of a right-to-left run in
 * visual order and reverses their characters to get the logical text. A ligature that stands for
 * two letters (lam-alef: "لا") must then list them in visual order too, or it comes out as "ال".
 * pdfkit writes ToUnicode from fontkit's code points (logical order), so for the Arabic fonts the
 * multi-letter entries are reversed as they appear. This reaches into pdfkit's EmbeddedFont
 * (`_font.encode`, `_font.unicode`); tests/api/documents.test.ts catches a pdfkit that changes them.
 */
function extractableLigatures(doc: Doc) {
  const font = (doc as unknown as { _font: EmbeddedFontInternals })._font;
  if (ligaturesFixed.has(font)) return;
  ligaturesFixed.add(font);
  const encode = font.encode.bind(font);
  const reversed = new Set<number>();
  font.encode = (text, features) => {
    const result = encode(text, features);
    font.unicode.forEach((codePoints, gid) => {
      if (codePoints && codePoints.length > 1 && !reversed.has(gid)) {
        reversed.add(gid);
        font.unicode[gid] = [...codePoints].reverse();
      }
    });
    return result;
  };
}

/** Width of a line as it will be drawn, in points. */
export function lineWidth(doc: Doc, line: string, direction: Direction, style: LineStyle): number {
  let width = 0;
  for (const piece of visualPieces(line, direction)) {
    doc.font(fontOf(piece, !!style.bold)).fontSize(style.size);
    width += doc.widthOfString(piece.text, WHOLE_RUN);
  }
  return width;
}

/**
 * Cuts a logical line into lines no wider than `width`, at spaces (a word longer than the width
 * gets a line of its own). Wrapping happens in logical order, before the reordering, as the
 * bidi algorithm prescribes.
 */
export function wrapLine(doc: Doc, text: string, width: number, direction: Direction, style: LineStyle): string[] {
  const words = text.split(/ +/).filter(Boolean);
  const lines: string[] = [];
  let current = "";
  for (const word of words) {
    const candidate = current ? `${current} ${word}` : word;
    if (current && lineWidth(doc, candidate, direction, style) > width) {
      lines.push(current);
      current = word;
    } else {
      current = candidate;
    }
  }
  if (current) lines.push(current);
  return lines;
}

/** Line height for a font size: Noto's ascent and descent need about 1.4 em. */
export const lineHeight = (size: number) => size * 1.4;

export type Align = "start" | "end" | "center";

/**
 * Draws one line at `y` within [x, x + width]; "start" is the left in English and the right in
 * Arabic. Returns the line's height.
 */
export function drawLine(
  doc: Doc,
  text: string,
  box: { x: number; y: number; width: number },
  direction: Direction,
  style: LineStyle & { align?: Align },
): number {
  const pieces = visualPieces(text, direction);
  const bold = !!style.bold;
  const widths = pieces.map((p) => {
    doc.font(fontOf(p, bold)).fontSize(style.size);
    return doc.widthOfString(p.text, WHOLE_RUN);
  });
  const total = widths.reduce((a, b) => a + b, 0);
  const align = style.align ?? "start";
  const fromRight = (align === "start" && direction === "rtl") || (align === "end" && direction === "ltr");
  let x = align === "center" ? box.x + (box.width - total) / 2 : fromRight ? box.x + box.width - total : box.x;
  doc.fillColor(style.color ?? "#111111");
  pieces.forEach((p, k) => {
    doc.font(fontOf(p, bold)).fontSize(style.size);
    if (p.arabicFont) extractableLigatures(doc);
    // One baseline for both fonts: their ascents differ, so "top" would misalign Latin and Arabic.
    doc.text(p.text, x, box.y + style.size, { lineBreak: false, baseline: "alphabetic", ...WHOLE_RUN });
    x += widths[k]!;
  });
  return lineHeight(style.size);
}

/** Draws a paragraph wrapped to the box's width; returns the height used. */
export function drawParagraph(
  doc: Doc,
  text: string,
  box: { x: number; y: number; width: number },
  direction: Direction,
  style: LineStyle & { align?: Align },
): number {
  let y = box.y;
  for (const logical of text.split("\n")) {
    for (const line of wrapLine(doc, logical, box.width, direction, style)) {
      y += drawLine(doc, line, { ...box, y }, direction, style);
    }
  }
  return y - box.y;
}
