/**
 * When a search that found nothing is worth a second, typo-tolerant try (docs/decisions/118). The
 * typo query ranks every product by trigram similarity: far dearer than the first try, and an
 * attacker could make every search pay for it. So it runs only for a term a shopper could mistype
 * (3 to 40 characters, at most 4 words), not again for a term that just missed, and at most
 * TYPO_MAX_RUNNING at a time in this process (a busy moment answers "nothing found" instead).
 */
export const TYPO_MIN_LENGTH = 3;
export const TYPO_MAX_LENGTH = 40;
export const TYPO_MAX_WORDS = 4;
export const TYPO_MAX_RUNNING = 2;
/** How long a term whose typo try found nothing is not tried again. */
export const TYPO_MISS_TTL_MS = 60_000;
const MAX_MISSES = 1000;
/** The typo query's own time limit inside its transaction. */
export const TYPO_STATEMENT_TIMEOUT_MS = 2000;

interface TypoState {
  running: number;
  /** Typo tries run since the process started (tests). */
  tried: number;
  misses: Map<string, number>;
}
const typo: TypoState = { running: 0, tried: 0, misses: new Map() };
const state = (): TypoState => typo;

/** A folded term a shopper could plausibly have mistyped. */
export function typoWorthy(q: string): boolean {
  return q.length >= TYPO_MIN_LENGTH && q.length <= TYPO_MAX_LENGTH && q.split(" ").length <= TYPO_MAX_WORDS;
}

export function recentlyMissed(key: string, now = Date.now()): boolean {
  const until = state().misses.get(key);
  if (until === undefined) return false;
  if (until > now) return true;
  state().misses.delete(key);
  return false;
}

export function rememberMiss(key: string, now = Date.now()): void {
  const { misses } = state();
  if (misses.size >= MAX_MISSES) misses.delete(misses.keys().next().value!);
  misses.set(key, now + TYPO_MISS_TTL_MS);
}

/** Runs `work` if a slot is free; answers undefined (without running it) when all are taken. */
export async function withTypoSlot<T>(work: () => Promise<T>): Promise<T | undefined> {
  const s = state();
  if (s.running >= TYPO_MAX_RUNNING) return undefined;
  s.running++;
  s.tried++;
  try {
    return await work();
  } finally {
    s.running--;
  }
}

/** How many typo tries have run in this process (tests). */
export const typoTries = (): number => state().tried;

/** For tests: forget every remembered miss. */
export function forgetTypoMisses(): void {
  state().misses.clear();
}
