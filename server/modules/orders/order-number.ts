import crypto from "node:crypto";

/** `ORD-` and 13 random digits (DESIGN.md §5); uniqueness is the database's unique index. */
export function newOrderNumber(): string {
  let digits = "";
  for (let i = 0; i < 13; i++) digits += crypto.randomInt(0, 10).toString();
  return `ORD-${digits}`;
}
