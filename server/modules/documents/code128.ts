/**
 * Code 128 (ISO/IEC 15417), code set B: printable ASCII, which covers the order numbers
 * (`ORD-` and digits). Written here rather than taken from a barcode library: set B alone is a
 * table of 107 patterns and a checksum (decision 183). The output is the bar/space widths in
 * modules, drawn by `drawCode128`.
 */
import type PDFDocument from "pdfkit";

type Doc = InstanceType<typeof PDFDocument>;

/** Widths of bar, space, bar, space, bar, space (in modules) for the values 0–106; 106 is Stop. */
const PATTERNS = [
  "212222",
  "222122",
  "222221",
  "121223",
  "121322",
  "131222",
  "122213",
  "122312",
  "132212",
  "221213",
  "221312",
  "231212",
  "112232",
  "122132",
  "122231",
  "113222",
  "123122",
  "123221",
  "223211",
  "221132",
  "221231",
  "213212",
  "223112",
  "312131",
  "311222",
  "321122",
  "321221",
  "312212",
  "322112",
  "322211",
  "212123",
  "212321",
  "232121",
  "111323",
  "131123",
  "131321",
  "112313",
  "132113",
  "132311",
  "211313",
  "231113",
  "231311",
  "112133",
  "112331",
  "132131",
  "113123",
  "113321",
  "133121",
  "313121",
  "211331",
  "231131",
  "213113",
  "213311",
  "213131",
  "311123",
  "311321",
  "331121",
  "312113",
  "312311",
  "332111",
  "314111",
  "221411",
  "431111",
  "111224",
  "111422",
  "121124",
  "121421",
  "141122",
  "141221",
  "112214",
  "112412",
  "122114",
  "122411",
  "142112",
  "142211",
  "241211",
  "221114",
  "413111",
  "241112",
  "134111",
  "111242",
  "121142",
  "121241",
  "114212",
  "124112",
  "124211",
  "411212",
  "421112",
  "421211",
  "212141",
  "214121",
  "412121",
  "111143",
  "111341",
  "131141",
  "114113",
  "114311",
  "411113",
  "411311",
  "113141",
  "114131",
  "311141",
  "411131",
  "211412",
  "211214",
  "211232",
  "2331112",
] as const;

export const START_B = 104;
export const STOP = 106;

/** The symbol values of `text` in code set B: Start B, the characters, the checksum, Stop. */
export function code128Values(text: string): number[] {
  const values = [START_B];
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (code < 32 || code > 126) throw new Error(`Code 128 set B cannot encode ${JSON.stringify(ch)}`);
    values.push(code - 32);
  }
  // Checksum: the start value plus each value times its position, modulo 103.
  const sum = values.reduce((acc, v, i) => acc + v * Math.max(1, i), 0);
  values.push(sum % 103, STOP);
  return values;
}

/** The symbol as a string of modules, "1" for bar and "0" for space (without the quiet zones). */
export function code128Modules(text: string): string {
  return code128Values(text)
    .map((v) => [...PATTERNS[v]!].map((w, i) => (i % 2 === 0 ? "1" : "0").repeat(Number(w))).join(""))
    .join("");
}

/**
 * Draws the barcode with its left edge at x (the quiet zone of 10 modules is the caller's
 * margin); returns the width drawn. The module is at least 1 pt so a label printer can resolve it.
 */
export function drawCode128(doc: Doc, text: string, at: { x: number; y: number; height: number; module: number }) {
  const modules = code128Modules(text);
  let run = 0;
  for (let i = 0; i <= modules.length; i++) {
    if (modules[i] === "1") {
      run++;
    } else if (run > 0) {
      doc.rect(at.x + (i - run) * at.module, at.y, run * at.module, at.height).fill("#000000");
      run = 0;
    }
  }
  return modules.length * at.module;
}
