/**
 * Values by key, least recently used first (a Map keeps insertion order), bounded by `fits`, which
 * is asked with the count and the summed bytes after each `set`: the oldest go until it answers
 * true, never the value just set. The catalogue memo (catalog-memo.ts) and the page cache's
 * addresses asked once (page-cache.ts) are each one of these; the memoised texts' compressed copies
 * live with the memo's entries (server/http/compression.ts, decision 401).
 */
export class LeastRecentlyUsed<V> {
  private readonly entries = new Map<string, { value: V; bytes: number }>();
  bytes = 0;

  constructor(private readonly fits: (entries: number, bytes: number) => boolean) {}

  get size(): number {
    return this.entries.size;
  }

  /** The value, now the most recently used. */
  touch(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: string, value: V, bytes: number): void {
    this.delete(key);
    this.entries.set(key, { value, bytes });
    this.bytes += bytes;
    for (const oldest of this.entries.keys()) {
      if (this.fits(this.entries.size, this.bytes) || oldest === key) break;
      this.delete(oldest);
    }
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }
}
