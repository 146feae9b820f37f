/**
 * The runs a PDF line is drawn in (decision 181): left to right on the page, Arabic handed to
 * fontkit in logical order (it shapes and reverses it), everything else already in visual order.
 */
import { describe, expect, it } from "vitest";
import { visualPieces } from "../../server/modules/documents/text-layout";
import { formatEgp } from "@core/pricing";

const pieces = (line: string, dir: "ltr" | "rtl") => visualPieces(line, dir).map((p) => [p.text, p.arabicFont]);

describe("visualPieces", () => {
  it("keeps an Arabic phrase in one logical run, in the Arabic font", () => {
    expect(pieces("الاسم: فاطمة الزهراء", "rtl")).toEqual([["الاسم: فاطمة الزهراء", true]]);
  });

  it("puts a Latin order number on the left of its Arabic label in an Arabic line", () => {
    expect(pieces("رقم الطلب ORD-1234", "rtl")).toEqual([
      ["ORD-1234", false],
      ["رقم الطلب ", true],
    ]);
  });

  it("draws an Arabic amount as number then pound sign, reading right to left, without the direction marks", () => {
    const amount = formatEgp(125_050, "ar");
    expect(amount).toContain("\u200f");
    expect(pieces(amount, "rtl")).toEqual([
      ["\u00a0ج.م.", true],
      ["1,250.50", false],
    ]);
  });

  it("mirrors brackets in right-to-left text", () => {
    // Logical "مقاس (M)": the closing bracket is drawn leftmost, as "(".
    expect(pieces("مقاس (M)", "rtl")).toEqual([
      ["(", false],
      ["M", false],
      [")", false],
      ["مقاس ", true],
    ]);
  });

  it("leaves English lines as they are, with an Arabic product name in its place", () => {
    expect(pieces("Dress فستان x2", "ltr")).toEqual([
      ["Dress ", false],
      ["فستان", true],
      [" x2", false],
    ]);
  });
});
