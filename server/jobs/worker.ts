/**
 * The job worker of one process: a loop that claims due jobs and runs their handlers, started with
 * the server and stopped (after the job in hand) when it closes. Several processes on one database
 * each run one; the claim keeps them from running a job twice (claim.ts).
 */
import type { FastifyBaseLogger } from "fastify";
import type { Db, DbOrTx } from "../db/client";
import { throttledLog } from "../http/throttled-log";
import { retryDelayMs } from "./backoff";
import { claimDueJobs, completeJob, failJob, type ClaimedJob } from "./claim";
import { enqueueJob, type NewJob } from "./enqueue";

export type JobHandler = (payload: Record<string, unknown>, job: ClaimedJob) => Promise<void>;

export interface JobsOptions {
  db: Db;
  log: FastifyBaseLogger;
  pollMs: number;
  retryBaseMs: number;
  /** Jobs claimed at once by one worker. */
  batch?: number;
}

export interface Jobs {
  /** Registers what runs a kind of job (once per kind). */
  handle(kind: string, handler: JobHandler): void;
  /** Writes a job in `db` (the caller's transaction) and wakes this process's worker soon after. */
  enqueue(db: DbOrTx, job: NewJob): Promise<void>;
  /** Claims and runs due jobs until none is left; answers how many ran. Tests call it to settle. */
  runDue(): Promise<number>;
  start(): void;
  /** Stops claiming and resolves once the job in hand has finished. */
  stop(): Promise<void>;
}

export function createJobs(opts: JobsOptions): Jobs {
  const handlers = new Map<string, JobHandler>();
  const batch = opts.batch ?? 10;
  const claimFailed = throttledLog(opts.log, 10_000);
  let running = false;
  let loop: Promise<void> | null = null;
  let wake: (() => void) | null = null;
  let wakeTimer: NodeJS.Timeout | null = null;

  async function runOne(job: ClaimedJob) {
    const handler = handlers.get(job.kind);
    try {
      if (!handler) throw new Error(`no handler for job kind "${job.kind}"`);
      await handler(job.payload, job);
      await completeJob(opts.db, job);
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const outcome = await failJob(opts.db, job, message.slice(0, 2000), retryDelayMs(opts.retryBaseMs, job.attempts));
      const level = outcome === "failed" ? "error" : "warn";
      opts.log[level](
        { err, job: job.id, kind: job.kind, attempt: job.attempts, outcome },
        `job ${outcome === "failed" ? "failed for good" : "failed, will retry"}`,
      );
    }
  }

  async function runBatch(): Promise<number> {
    const claimed = await claimDueJobs(opts.db, batch);
    for (const job of claimed) await runOne(job);
    return claimed.length;
  }

  async function runDue() {
    let total = 0;
    for (let n = await runBatch(); n > 0; n = await runBatch()) total += n;
    return total;
  }

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wake = null;
        resolve();
      }
      wake = done;
    });

  async function work() {
    while (running) {
      let ran = 0;
      try {
        ran = await runBatch();
      } catch (err) {
        // The database is away (restart, failover): keep polling; the jobs wait in their table.
        claimFailed(err, "job worker could not claim jobs");
      }
      if (running && ran === 0) await sleep(opts.pollMs);
    }
  }

  return {
    handle(kind, handler) {
      if (handlers.has(kind)) throw new Error(`job kind "${kind}" has two handlers`);
      handlers.set(kind, handler);
    },
    async enqueue(db, job) {
      await enqueueJob(db, job);
      // The caller's transaction commits a moment later; a wake now would find nothing yet.
      if (running && !wakeTimer) {
        wakeTimer = setTimeout(() => {
          wakeTimer = null;
          wake?.();
        }, 25);
      }
    },
    runDue,
    start() {
      if (running) return;
      running = true;
      loop = work();
    },
    async stop() {
      running = false;
      if (wakeTimer) clearTimeout(wakeTimer);
      wakeTimer = null;
      wake?.();
      await loop;
      loop = null;
    },
  };
}
