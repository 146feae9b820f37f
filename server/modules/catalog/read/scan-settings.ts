/** PostgreSQL's scan kinds a catalogue read turns off for part of its transaction (decisions 355, 382). */
export type ScanKind = "seqscan" | "indexscan" | "indexonlyscan" | "bitmapscan";

/** A statement that turns these scan kinds on or off for the rest of the transaction (`set_config`, local). */
export const scanSettings = (kinds: ScanKind[], value: "on" | "off"): string =>
  `select ${kinds.map((kind) => `set_config('enable_${kind}', '${value}', true)`).join(", ")}`;
