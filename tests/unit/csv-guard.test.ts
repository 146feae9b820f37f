/** Issue 11 item 6: exported cells never run as formulas and never split in a spreadsheet using ";" as separator. */
import { describe, expect, it } from "vitest";
import { csvLine, escapeCsvCell, parseCsv, unguardCell } from "../../server/modules/back-office/csv";

describe("CSV cells", () => {
  it("neutralises cells that start with = + - @ tab or CR", () => {
    for (const v of ['=HYPERLINK("http://x")', "+1+1", "-2+3", "@SUM(A1)", "\t=1", "\r=1"]) {
      const cell = escapeCsvCell(v);
      const inner = cell.startsWith('"') ? cell.slice(1, -1).replace(/""/g, '"') : cell;
      expect(inner.startsWith("'"), JSON.stringify(v)).toBe(true);
      expect(unguardCell(parseCsv(cell)[0]![0]!)).toBe(v);
    }
  });

  it("quotes every cell holding a comma, a semicolon, a quote, a CR or an LF", () => {
    expect(escapeCsvCell("Silk; red")).toBe('"Silk; red"');
    expect(escapeCsvCell("a,b")).toBe('"a,b"');
    expect(escapeCsvCell('say "hi"')).toBe('"say ""hi"""');
    expect(escapeCsvCell("line\rbreak")).toBe('"line\rbreak"');
    expect(escapeCsvCell("line\nbreak")).toBe('"line\nbreak"');
    expect(escapeCsvCell("=1;2")).toBe(`"'=1;2"`);
    expect(escapeCsvCell("plain text")).toBe("plain text");
  });

  it("reads back what it wrote, cell for cell", () => {
    const cells = ["Silk; red", "=cmd|' /C calc'!A0", 'q"uote', "multi\r\nline", "عباية; سوداء", "@x", ""];
    expect(parseCsv(csvLine(cells)).map((r) => r.map(unguardCell))).toEqual([cells]);
  });
});
