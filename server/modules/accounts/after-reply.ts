/**
 * Work that must not delay the answer (issue 11: `checkemail` must answer as fast for a real account
 * as for an unknown one, so its lookup, code and e-mail happen after the reply). Failures are logged,
 * never swallowed; shutdown and the tests can wait for whatever is still running.
 */
import type { FastifyBaseLogger } from "fastify";

const pending = new Set<Promise<void>>();

export function runAfterReply(log: FastifyBaseLogger, what: string, work: () => Promise<void>) {
  const task = new Promise<void>((resolve) => setImmediate(resolve))
    .then(work)
    .catch((err: unknown) => log.error({ err }, `${what} failed`))
    .finally(() => pending.delete(task));
  pending.add(task);
}

/** Resolves once every piece of after-reply work started so far has finished (or failed and been logged). */
export async function afterReplyWorkDone(): Promise<void> {
  while (pending.size > 0) await Promise.allSettled([...pending]);
}
