/**
 * A short-lived memo of derived catalogue data: listing pages and totals, and the home page's rows
 * (docs/decisions/042 and 043). Every shopper asks for the same few listing pages and the same home
 * page, and they change only when products, discounts, banners or stock do. Values are kept for
 * TTL_MS; every such write in this process clears them at once (catalogue writes, and orders placed,
 * cancelled or restored, which move stock: each emits "catalogue.changed"), and so does every such
 * write in another process on the same database (server/events-bridge.ts); TTL_MS bounds the rest.
 * The product page and the cart always read live, and an order takes stock atomically, so a
 * listing that lags never sells what is not there.
 * One module state: the server is built once (docs/decisions/150), so the API and the pages share it.
 */
import { on } from "../../../events";
import { metrics } from "../../../metrics/registry";

const lookups = metrics.counter("azya_catalogue_memo_lookups_total", "Catalogue memo lookups, by hit or miss", [
  "result",
]);

const TTL_MS = 10_000;
const MAX_ENTRIES = 500;

interface Memo {
  generation: number;
  entries: Map<string, { value: unknown; at: number; generation: number }>;
  /** Each database gets its own keys (tests run several in one process). */
  databases: WeakMap<object, number>;
  nextDatabase: number;
}

const state: Memo = { generation: 0, entries: new Map(), databases: new WeakMap(), nextDatabase: 1 };
const memo = (): Memo => state;

/** The memo key of a value: which database, and what was asked. */
export function memoKey(db: object, what: unknown): string {
  const m = memo();
  let id = m.databases.get(db);
  if (id === undefined) {
    id = m.nextDatabase++;
    m.databases.set(db, id);
  }
  return `${id}:${JSON.stringify(what)}`;
}

export function recall<T>(key: string): T | undefined {
  const m = memo();
  const hit = m.entries.get(key);
  if (!hit || hit.generation !== m.generation || Date.now() - hit.at > TTL_MS) {
    lookups.inc({ result: "miss" });
    return undefined;
  }
  lookups.inc({ result: "hit" });
  return hit.value as T;
}

/** The memo's generation now: pass it to `remember` for a value read from the database after this. */
export function memoGeneration(): number {
  return memo().generation;
}

/**
 * Keeps a value. With `readSince` (the generation when the value's reading began), a value whose
 * reading overlapped a write is not kept: it may predate the write.
 */
export function remember(key: string, value: unknown, readSince?: number): void {
  const m = memo();
  if (readSince !== undefined && readSince !== m.generation) return;
  if (m.entries.size >= MAX_ENTRIES) m.entries.delete(m.entries.keys().next().value!);
  m.entries.set(key, { value, at: Date.now(), generation: m.generation });
}

/**
 * Forgets every value. Writers do not call this: they emit "catalogue.changed" (server/events.ts)
 * and this module, the one cache of the catalogue, listens.
 */
export function invalidateCatalogMemo(): void {
  const m = memo();
  m.generation++;
  m.entries.clear();
}

on("catalogue.changed", invalidateCatalogMemo);

/** The memoised value under `key`, produced (and remembered) when there is none. */
export async function memoised<T>(key: string, produce: () => Promise<T>): Promise<T> {
  const known = recall<T>(key);
  if (known !== undefined) return known;
  const since = memoGeneration();
  const value = await produce();
  remember(key, value, since);
  return value;
}
