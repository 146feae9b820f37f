/**
 * Writing a job: inside the caller's transaction, so the job exists exactly when the change that
 * needs it committed (an order's e-mail is never lost, nor sent for an order that rolled back).
 */
import type { DbOrTx } from "../db/client";
import { jobs } from "../db/schema";

export interface NewJob {
  kind: string;
  payload: Record<string, unknown>;
  /** Not before this moment (a scheduled job such as an expiry); now by default. */
  runAt?: Date;
  maxAttempts?: number;
  /** At most one live job per key: a second enqueue with the same key is ignored. */
  uniqueKey?: string;
}

export async function enqueueJob(db: DbOrTx, job: NewJob): Promise<void> {
  await db
    .insert(jobs)
    .values({
      kind: job.kind,
      payload: job.payload,
      runAt: job.runAt ?? new Date(),
      maxAttempts: job.maxAttempts ?? 8,
      uniqueKey: job.uniqueKey ?? null,
    })
    .onConflictDoNothing();
}
