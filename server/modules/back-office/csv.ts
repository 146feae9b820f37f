/**
 * CSV as Excel and LibreOffice read it: RFC 4180 quoting, CRLF line ends, a UTF-8 byte-order mark
 * first so Arabic text opens correctly. List cells (sizes, colours, images...) join their entries with
 * LIST_SEPARATOR.
 */
export const UTF8_BOM = "\uFEFF";
export const LIST_SEPARATOR = "|";

/**
 * A text cell that starts like a formula is prefixed with an apostrophe, so a spreadsheet never runs
 * a product name as a formula (CSV injection); the import strips it again.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export type CsvValue = string | number | boolean | null | undefined | Date;

export function escapeCsvCell(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) return value.toISOString();
  if (typeof value !== "string") return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  // ";" too: a spreadsheet in a locale whose list separator is ";" (Arabic, French) splits on it.
  return /[",;\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (cells: CsvValue[]): string => `${cells.map(escapeCsvCell).join(",")}\r\n`;

export const csvList = (items: readonly string[]): string => items.join(LIST_SEPARATOR);

/** Undoes escapeCsvCell's formula guard. */
export const unguardCell = (cell: string): string => (/^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell);

/**
 * Parses CSV text into rows of cells (quoted cells may hold commas, quotes and line breaks). Blank
 * rows are kept, so row numbers match what a spreadsheet shows.
 */
export function parseCsv(input: string): string[][] {
  const text = input.startsWith(UTF8_BOM) ? input.slice(1) : input;
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i++;
        } else quoted = false;
      } else cell += ch;
      continue;
    }
    if (ch === '"' && cell === "") quoted = true;
    else if (ch === ",") {
      row.push(cell);
      cell = "";
    } else if (ch === "\n" || ch === "\r") {
      if (ch === "\r" && text[i + 1] === "\n") i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
    } else cell += ch;
  }
  if (cell !== "" || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}
