/**
 * Rendered pages for guests, kept until the catalogue or the content changes (issue 14, decision
 * 281). A page for a visitor without a session depends only on its address, language, theme and
 * sidebar state, so the HTML React produced once can answer every such visitor.
 *
 * - Bounded by bytes, in two segments (a segmented LRU): a new page enters the probation segment
 *   and moves to the protected one on its first hit. A stream of one-off addresses (an attacker's
 *   million query strings) only churns probation and never evicts the pages shoppers keep asking for.
 * - Single flight: while one render of a key runs, the same key's other misses wait for it.
 * - With `keepOnSecondAsk` (the server's), a page is kept from its second ask within `ttlMs`, or
 *   from its first when other guests waited for that render (decision 397): under random traffic
 *   most addresses are asked once, and keeping each (its scripts hashed, its bytes and compressed
 *   copy held until pushed out) cost more than it ever saved.
 * - A kept page is the same bytes for every guest (compressed fast for the first, and once more,
 *   harder, when a second asks for it: decision 385): its inline scripts are allowed
 *   by their hashes, not by a nonce (decision 372). A page rendered for one guest and not kept is
 *   sent to that guest alone, with the fresh nonce it was rendered with (decision 407).
 * - A render that overlapped a write is not kept (it may show the old data).
 */
import crypto from "node:crypto";
import { on } from "../events";
import { LeastRecentlyUsed } from "../least-recently-used";
import type { KeptCopies } from "./compression";

export interface CachedPage {
  status: number;
  /** Response headers as React Router gave them, without set-cookie and the CSP. */
  headers: [string, string][];
  /**
   * The page as UTF-8 bytes: what is sent, and half the memory of a JavaScript string for an
   * Arabic page (its markup would take two bytes a character there).
   */
  html: Buffer;
  /** A kept page's inline scripts, allowed by these hashes in the policy it is sent with. */
  scriptHashes: string[];
  /** A kept page's compressed copies, made on the first answer that asks for each encoding. */
  compressed: KeptCopies;
  bytes: number;
  storedAt: number;
}

export interface PageCacheOptions {
  maxBytes: number;
  /** A page larger than this is sent but not kept. */
  maxEntryBytes: number;
  /** The longest a page is kept without a write (covers discounts that start or end by the clock). */
  ttlMs: number;
  /** Keep a page from its second ask within `ttlMs` (or when others waited for its render), not its first. */
  keepOnSecondAsk?: boolean;
  now?: () => number;
}

/**
 * The memory for addresses asked once (decision 397): each counted at two bytes a character and
 * 64 for its entry, so a flood of one-off addresses forgets the oldest, never grows past this.
 */
const ASKED_ONCE_BYTES = 1024 * 1024;

export interface PageCacheStats {
  hits: number;
  misses: number;
  /** Renders started by a miss (one per key at a time). */
  renders: number;
  /** Misses that waited for another request's render instead of rendering. */
  shared: number;
  evictions: number;
  bytes: number;
  entries: number;
}

export type PageSource = "hit" | "miss" | "shared";

/**
 * Random bytes for nonces, drawn from the system's generator 256 nonces at a time: one call per
 * nonce was 1.3 % of the server's time under random pages (two a page). Each 16 bytes are used
 * for one nonce only, so the nonces are as unpredictable as before.
 */
const noncePool = Buffer.alloc(16 * 256);
let noncePoolUsed = noncePool.length;

/** A fresh nonce for one response (16 random bytes in base64), every page's, kept or not. */
export function newNonce(): string {
  if (noncePoolUsed === noncePool.length) {
    crypto.randomFillSync(noncePool);
    noncePoolUsed = 0;
  }
  const nonce = noncePool.toString("base64", noncePoolUsed, noncePoolUsed + 16);
  noncePoolUsed += 16;
  return nonce;
}

export function createPageCache(opts: PageCacheOptions) {
  const now = opts.now ?? Date.now;
  // Probation takes a fifth of the bytes; pages hit at least once live in the protected part.
  const probationMax = Math.floor(opts.maxBytes / 5);
  const protectedMax = opts.maxBytes - probationMax;
  const probation = new Map<string, CachedPage>();
  const protectedPages = new Map<string, CachedPage>();
  const sizes = { probation: 0, protected: 0 };
  const inFlight = new Map<string, { rendering: Promise<CachedPage | null>; waiters: number }>();
  /** When each recently missed address was last asked for. */
  const lastAsked = new LeastRecentlyUsed<number>((_, bytes) => bytes <= ASKED_ONCE_BYTES);
  const stats = { hits: 0, misses: 0, renders: 0, shared: 0, evictions: 0 };
  let generation = 0;

  const segmentOf = (map: Map<string, CachedPage>) => (map === probation ? "probation" : "protected");

  function drop(map: Map<string, CachedPage>, key: string) {
    const page = map.get(key);
    if (!page) return;
    map.delete(key);
    sizes[segmentOf(map)] -= page.bytes;
  }

  /** Oldest first: a Map iterates in insertion order, and a hit re-inserts its page. */
  function evict(map: Map<string, CachedPage>, max: number) {
    const segment = segmentOf(map);
    while (sizes[segment] > max) {
      const oldest = map.keys().next().value as string;
      const page = map.get(oldest)!;
      map.delete(oldest);
      sizes[segment] -= page.bytes;
      stats.evictions++;
      // A page pushed out of the protected part gets one more chance in probation.
      if (map === protectedPages) insert(probation, oldest, page, probationMax);
    }
  }

  function insert(map: Map<string, CachedPage>, key: string, page: CachedPage, max: number) {
    map.set(key, page);
    sizes[segmentOf(map)] += page.bytes;
    evict(map, max);
  }

  function lookup(key: string): CachedPage | undefined {
    const page = protectedPages.get(key) ?? probation.get(key);
    if (!page) return undefined;
    if (now() - page.storedAt > opts.ttlMs) {
      drop(probation, key);
      drop(protectedPages, key);
      return undefined;
    }
    drop(probation, key);
    drop(protectedPages, key);
    insert(protectedPages, key, page, protectedMax);
    return page;
  }

  function clear() {
    generation++;
    probation.clear();
    protectedPages.clear();
    sizes.probation = 0;
    sizes.protected = 0;
  }

  return {
    /**
     * The page under `key`: from the cache, from a render already running for it, or from
     * `render` (which returns null for a reply that must not be kept; waiters then get null and
     * render for themselves). `render` is told whether its page will be kept if it may be
     * (`keep()`, asked once it has rendered: a guest who began waiting meanwhile counts); a page
     * that will not be kept is still shared with any waiter.
     */
    async get(
      key: string,
      render: (keep: () => boolean) => Promise<CachedPage | null>,
    ): Promise<{ page: CachedPage | null; source: PageSource }> {
      const known = lookup(key);
      if (known) {
        stats.hits++;
        return { page: known, source: "hit" };
      }
      const running = inFlight.get(key);
      if (running) {
        stats.shared++;
        running.waiters++;
        // A render that failed is the leader's error to report; a waiter renders for itself.
        return { page: await running.rendering.catch(() => null), source: "shared" };
      }
      stats.misses++;
      stats.renders++;
      const since = generation;
      const askedBefore = opts.keepOnSecondAsk ? lastAsked.touch(key) : undefined;
      if (opts.keepOnSecondAsk) lastAsked.set(key, now(), 2 * key.length + 64);
      const secondAsk = askedBefore !== undefined && now() - askedBefore <= opts.ttlMs;
      const flight = { rendering: Promise.resolve<CachedPage | null>(null), waiters: 0 };
      const keep = () => !opts.keepOnSecondAsk || secondAsk || flight.waiters > 0;
      flight.rendering = render(keep).then((page) => {
        if (page && keep() && since === generation && page.bytes <= opts.maxEntryBytes) {
          insert(probation, key, { ...page, storedAt: now() }, probationMax);
        }
        return page;
      });
      inFlight.set(key, flight);
      try {
        return { page: await flight.rendering, source: "miss" };
      } finally {
        inFlight.delete(key);
      }
    },
    /** The kept page under `key`, if any, without rendering (a HEAD request). */
    peek(key: string): CachedPage | undefined {
      const page = lookup(key);
      if (page) stats.hits++;
      return page;
    },
    clear,
    stats(): PageCacheStats {
      return {
        ...stats,
        bytes: sizes.probation + sizes.protected,
        entries: probation.size + protectedPages.size,
      };
    },
  };
}

export type PageCache = ReturnType<typeof createPageCache>;

/** Empties `cache` whenever what a guest page shows changes; returns the unsubscribe function. */
export function clearOnWrites(cache: PageCache): () => void {
  const offCatalogue = on("catalogue.changed", () => cache.clear());
  const offContent = on("content.changed", () => cache.clear());
  return () => {
    offCatalogue();
    offContent();
  };
}
