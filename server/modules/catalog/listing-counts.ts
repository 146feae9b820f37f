/**
 * A short-lived memo of listing totals. Counting every matching row is the one part of a listing
 * whose cost grows with the catalogue (about 10 ms for 50,000 products on a busy 2-core machine),
 * while a total only changes when products do. Totals are kept for TTL_MS per filter; every
 * product write in this process clears them at once, a write in another process shows within
 * TTL_MS (the rows themselves are always read live; only the page count can lag).
 *
 * The memo sits on globalThis under a Symbol.for key, so the server bundle and the SSR bundle (each
 * with its own copy of this module, see docs/decisions/001) share one memo and one invalidation.
 */
const TTL_MS = 10_000;
const MAX_ENTRIES = 500;

interface Memo {
  generation: number;
  entries: Map<string, { total: number; at: number; generation: number }>;
  /** Each database gets its own keys (tests run several in one process). */
  databases: WeakMap<object, number>;
  nextDatabase: number;
}

const KEY = Symbol.for("azya.catalog.listingCounts");
const memo = (): Memo => {
  const g = globalThis as Record<symbol, Memo | undefined>;
  return (g[KEY] ??= { generation: 0, entries: new Map(), databases: new WeakMap(), nextDatabase: 1 });
};

/** The memo key of a count: which database, and the filter. */
export function countKey(db: object, filter: unknown): string {
  const m = memo();
  let id = m.databases.get(db);
  if (id === undefined) m.databases.set(db, (id = m.nextDatabase++));
  return `${id}:${JSON.stringify(filter)}`;
}

export function cachedCount(key: string): number | undefined {
  const m = memo();
  const hit = m.entries.get(key);
  if (!hit || hit.generation !== m.generation || Date.now() - hit.at > TTL_MS) return undefined;
  return hit.total;
}

export function rememberCount(key: string, total: number): void {
  const m = memo();
  if (m.entries.size >= MAX_ENTRIES) m.entries.delete(m.entries.keys().next().value!);
  m.entries.set(key, { total, at: Date.now(), generation: m.generation });
}

/** Called by every product write (create, edit, delete, restore, approve, repricing). */
export function invalidateListingCounts(): void {
  const m = memo();
  m.generation++;
  m.entries.clear();
}
