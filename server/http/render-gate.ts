/**
 * At most `limit` pages render at once; the others wait their turn, first come first served.
 * Rendering is CPU work on the one JavaScript thread, so fifty pages rendered side by side finish no
 * sooner than fifty in turn, but each holds its data, its React tree and its HTML in memory
 * meanwhile: under a burst that doubled the server's memory.
 *
 * The wait is bounded twice (decision 106): at most `queue` pages wait, and none longer than
 * `waitMs`. Past either, `enter` answers false and the page answers 503 at once: a flood then
 * costs the server a short refusal per request instead of an ever-growing list of requests that
 * are answered after their visitors gave up.
 */
export interface RenderGate {
  /** True once the page holds a slot; false when the queue is full or the wait ran out. */
  enter(): Promise<boolean>;
  leave(): void;
  /** Pages rendering now and pages waiting (for tests and logs). */
  readonly load: { active: number; waiting: number };
}

export interface RenderGateOptions {
  limit: number;
  /** Pages allowed to wait; 0 refuses every page beyond `limit`. */
  queue: number;
  waitMs: number;
}

export function createRenderGate({ limit, queue, waitMs }: RenderGateOptions): RenderGate {
  let active = 0;
  const waiting: { resolve: (entered: boolean) => void; timer: NodeJS.Timeout }[] = [];
  return {
    async enter() {
      if (active < limit) {
        active++;
        return true;
      }
      if (waiting.length >= queue) return false;
      return new Promise<boolean>((resolve) => {
        const waiter = {
          resolve,
          timer: setTimeout(() => {
            waiting.splice(waiting.indexOf(waiter), 1);
            resolve(false);
          }, waitMs),
        };
        waiting.push(waiter);
      });
    },
    leave() {
      const next = waiting.shift();
      if (next) {
        clearTimeout(next.timer);
        next.resolve(true); // the slot passes straight to the next page
      } else active--;
    },
    get load() {
      return { active, waiting: waiting.length };
    },
  };
}
