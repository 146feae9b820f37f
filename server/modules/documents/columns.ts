/** Table columns given in reading order; in Arabic the first column is the rightmost. */
import type { Direction } from "./text-layout";

export interface Column {
  width: number;
  /** "end" for numbers: right in English, left in Arabic, so the amounts line up. */
  align?: "start" | "end" | "center";
}

export function placeColumns(columns: Column[], left: number, right: number, dir: Direction) {
  let offset = 0;
  return columns.map((c) => {
    const x = dir === "ltr" ? left + offset : right - offset - c.width;
    offset += c.width;
    return { x, width: c.width, align: c.align ?? "start" };
  });
}
