/**
 * At most `limit` pages render at once; the others wait their turn, first come first served.
 * Rendering is CPU work on the one JavaScript thread, so fifty pages rendered side by side finish no
 * sooner than fifty in turn, but each holds its data, its React tree and its HTML in memory
 * meanwhile: under a burst that doubled the server's memory. Waiting costs a queued request nothing.
 */
export interface RenderGate {
  enter(): Promise<void>;
  leave(): void;
  /** Pages rendering now and pages waiting (for tests and logs). */
  readonly load: { active: number; waiting: number };
}

export function createRenderGate(limit: number): RenderGate {
  let active = 0;
  const waiting: (() => void)[] = [];
  return {
    async enter() {
      if (active < limit) {
        active++;
        return;
      }
      await new Promise<void>((resolve) => waiting.push(resolve));
    },
    leave() {
      const next = waiting.shift();
      if (next) next(); // the slot passes straight to the next page
      else active--;
    },
    get load() {
      return { active, waiting: waiting.length };
    },
  };
}
