import type { FastifyBaseLogger } from "fastify";

/** Logs an outage once per interval at most, however many requests meet it (with how many it skipped). */
export function throttledLog(log: FastifyBaseLogger, intervalMs = 60_000) {
  let last = 0;
  let missed = 0;
  return (err: unknown, msg: string) => {
    const now = Date.now();
    if (now - last < intervalMs) {
      missed++;
      return;
    }
    log.error(
      {
        err: err instanceof Error ? { message: err.message, code: (err as { code?: string }).code } : err,
        sinceLast: missed,
      },
      msg,
    );
    last = now;
    missed = 0;
  };
}
