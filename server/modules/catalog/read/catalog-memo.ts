/**
 * A short-lived memo of derived catalogue data: listing pages and totals, the home page's rows, a
 * product's JSON (docs/decisions/042, 043 and 391). Shoppers ask for the same pages, searches and
 * home page, and they change only when products, discounts, banners or stock do. Values are kept for
 * TTL_MS; every such write in this process clears them at once (catalogue writes, and orders placed,
 * cancelled or restored, which move stock: each emits "catalogue.changed"), and so does every such
 * write in another process on the same database (server/events-bridge.ts); TTL_MS bounds the rest.
 * The product page and the cart always read live, and an order takes stock atomically, so a
 * listing that lags never sells what is not there.
 *
 * Kept least recently used first, in two parts (decision 391): small values (a listing's total, a
 * flag) by count, everything else by an estimate of its bytes. Random listings, each asked once,
 * then push out only each other, not the searches and totals that are asked again and again.
 * One module state: the server is built once (docs/decisions/150), so the API and the pages share it.
 */
import { on } from "../../../events";
import { LeastRecentlyUsed } from "../../../least-recently-used";
import { metrics } from "../../../metrics/registry";
import { type SharedText, sharedText } from "../../../shared-text";

const lookups = metrics.counter("azya_catalogue_memo_lookups_total", "Catalogue memo lookups, by hit or miss", [
  "result",
]);

/** As long as a guest's page is kept (server/http/page-cache.ts): writes clear both at once. */
const TTL_MS = 60_000;
/** An entry (key and value) estimated at this many bytes or fewer is small: kept by count, apart. */
export const SMALL_VALUE_BYTES = 1024;
export const MAX_SMALL_ENTRIES = 5_000;
/**
 * What the larger values may take together, by estimate (listing pages, JSON texts, the home data):
 * 16 MB by default, less on the embedded database, whose process also holds PostgreSQL
 * (`setCatalogueMemoMb`, decision 391).
 */
export const MAX_LARGE_BYTES = 16 * 1024 * 1024;
let maxLargeBytes = MAX_LARGE_BYTES;
/**
 * A product's row or DTO as an object on the heap: a page of 10 listing DTOs took 16.6 kB of heap
 * for 10.6 kB of JSON (measured on 29 Nov 2026, Node 20).
 */
const ROW_BYTES = 1_700;

interface Entry {
  value: unknown;
  at: number;
  generation: number;
  bytes: number;
}

/**
 * About how many bytes a value holds: strings at two a character (a JavaScript string's most), an
 * object in an array as one product's row (listing pages and the home data are lists of products).
 */
export function estimateBytes(value: unknown, inArray = false): number {
  if (typeof value === "string") return 2 * value.length;
  if (value === null || typeof value !== "object") return 8;
  if (inArray && !Array.isArray(value)) return ROW_BYTES;
  const parts: unknown[] = Array.isArray(value) ? value : Object.values(value);
  let bytes = 32;
  for (const part of parts) bytes += estimateBytes(part, Array.isArray(value));
  return bytes;
}

interface Memo {
  generation: number;
  small: LeastRecentlyUsed<Entry>;
  large: LeastRecentlyUsed<Entry>;
  /** Each database gets its own keys (tests run several in one process). */
  databases: WeakMap<object, number>;
  nextDatabase: number;
}

const state: Memo = {
  generation: 0,
  small: new LeastRecentlyUsed<Entry>((entries) => entries <= MAX_SMALL_ENTRIES),
  large: new LeastRecentlyUsed<Entry>((_, bytes) => bytes <= maxLargeBytes),
  databases: new WeakMap(),
  nextDatabase: 1,
};
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
  const hit = m.small.touch(key) ?? m.large.touch(key);
  if (!hit || hit.generation !== m.generation || Date.now() - hit.at > TTL_MS) {
    if (hit) (hit.bytes <= SMALL_VALUE_BYTES ? m.small : m.large).delete(key);
    lookups.inc({ result: "miss" });
    return undefined;
  }
  lookups.inc({ result: "hit" });
  return hit.value as T;
}

/** Sets what the larger values may take together (CATALOGUE_MEMO_MB), from the next value kept. */
export function setCatalogueMemoMb(mb: number): void {
  maxLargeBytes = mb * 1024 * 1024;
}

/** What the memo holds now, by part (tests, and the bound's check). */
export function catalogMemoSize(): { smallEntries: number; largeEntries: number; largeBytes: number } {
  const m = memo();
  return { smallEntries: m.small.size, largeEntries: m.large.size, largeBytes: m.large.bytes };
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
  // The key counts too: a listing's names its filters, some hundreds of characters.
  const bytes = estimateBytes(value) + 2 * key.length;
  const [part, other] = bytes <= SMALL_VALUE_BYTES ? [m.small, m.large] : [m.large, m.small];
  other.delete(key);
  part.set(key, { value, at: Date.now(), generation: m.generation, bytes }, bytes);
}

/**
 * Forgets every value. Writers do not call this: they emit "catalogue.changed" (server/events.ts)
 * and this module, the one cache of the catalogue, listens.
 */
export function invalidateCatalogMemo(): void {
  const m = memo();
  m.generation++;
  m.small.clear();
  m.large.clear();
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

/**
 * A memoised text every visitor is sent alike, as one object while it is kept (server/shared-text.ts):
 * its compressed copies are kept with it, and go when it goes.
 */
export function memoisedText(key: string, produce: () => Promise<string>): Promise<SharedText> {
  return memoised(key, async () => sharedText(await produce()));
}
