/**
 * Claiming and finishing jobs. A claim is one UPDATE over a `FOR UPDATE SKIP LOCKED` subselect:
 * processes sharing the database never take the same row, and none waits on another's. A claimed
 * job is leased; if its process dies the lease runs out and another worker takes it again.
 */
import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { jobs } from "../db/schema";

/** Longer than any handler may take (SMTP and SMS calls time out well before). */
export const LEASE_SECONDS = 300;

export interface ClaimedJob {
  id: string;
  kind: string;
  payload: Record<string, unknown>;
  attempts: number;
  maxAttempts: number;
}

export async function claimDueJobs(db: DbOrTx, limit: number): Promise<ClaimedJob[]> {
  // A job whose lease ran out after its last allowed try has nothing left to try.
  await db
    .update(jobs)
    .set({ status: "failed", lastError: sql`coalesce(${jobs.lastError}, 'lease expired')`, updatedAt: sql`now()` })
    .where(
      and(eq(jobs.status, "running"), sql`${jobs.lockedUntil} < now()`, sql`${jobs.attempts} >= ${jobs.maxAttempts}`),
    );
  const result = await db.execute(sql`
    update ${jobs}
    set status = 'running', attempts = attempts + 1,
        locked_until = now() + make_interval(secs => ${LEASE_SECONDS}), updated_at = now()
    where id in (
      select id from ${jobs}
      where (status = 'queued' and run_at <= now())
         or (status = 'running' and locked_until < now() and attempts < max_attempts)
      order by run_at
      limit ${limit}
      for update skip locked
    )
    returning id, kind, payload, attempts, max_attempts`);
  // PGlite and node-postgres both answer { rows }.
  const rows = (result as unknown as { rows: unknown[] }).rows as {
    id: string;
    kind: string;
    payload: Record<string, unknown>;
    attempts: number;
    max_attempts: number;
  }[];
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    payload: r.payload,
    attempts: Number(r.attempts),
    maxAttempts: Number(r.max_attempts),
  }));
}

/** Only the worker still holding this try may finish it (not one whose lease ran out and was re-claimed). */
const heldBy = (job: ClaimedJob) =>
  and(eq(jobs.id, job.id), eq(jobs.status, "running"), eq(jobs.attempts, job.attempts));

/** Done jobs are deleted: the table holds only work to do and failures to look at. */
export async function completeJob(db: DbOrTx, job: ClaimedJob): Promise<void> {
  await db.delete(jobs).where(heldBy(job));
}

/** Back to the queue after `delayMs`, or failed for good after its last try (kept, with the error). */
export async function failJob(
  db: DbOrTx,
  job: ClaimedJob,
  error: string,
  delayMs: number,
): Promise<"retry" | "failed"> {
  const gaveUp = job.attempts >= job.maxAttempts;
  await db
    .update(jobs)
    .set(
      gaveUp
        ? { status: "failed", lockedUntil: null, lastError: error, updatedAt: sql`now()` }
        : {
            status: "queued",
            lockedUntil: null,
            lastError: error,
            runAt: sql`now() + make_interval(secs => ${delayMs / 1000})`,
            updatedAt: sql`now()`,
          },
    )
    .where(heldBy(job));
  return gaveUp ? "failed" : "retry";
}
