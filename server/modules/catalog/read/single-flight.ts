/**
 * One run per key at a time: callers asking for a key whose value is being produced wait for that
 * run instead of starting their own (issue 14). For the catalogue's misses: when a memoised listing
 * expires or a write clears it, the shoppers asking for it at that moment cost one query, not one
 * each. A failed run fails its waiters too; the next caller runs again.
 */
export interface SingleFlight {
  run<T>(key: string, produce: () => Promise<T>): Promise<T>;
  /** Runs started, and callers that waited for a run already going (for tests and metrics). */
  stats(): { runs: number; joined: number };
}

export function createSingleFlight(): SingleFlight {
  const running = new Map<string, Promise<unknown>>();
  let runs = 0;
  let joined = 0;
  return {
    run<T>(key: string, produce: () => Promise<T>): Promise<T> {
      const going = running.get(key);
      if (going) {
        joined++;
        return going as Promise<T>;
      }
      runs++;
      const run = produce().finally(() => running.delete(key));
      running.set(key, run);
      return run;
    },
    stats: () => ({ runs, joined }),
  };
}
