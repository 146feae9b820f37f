/** Retry delays of a failed job: base, 2×base, 4×base, … never more than an hour apart. */
const MAX_DELAY_MS = 60 * 60_000;

export function retryDelayMs(baseMs: number, attempts: number): number {
  return Math.min(MAX_DELAY_MS, baseMs * 2 ** Math.max(0, attempts - 1));
}
