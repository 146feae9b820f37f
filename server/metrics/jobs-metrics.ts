/**
 * The background jobs' figures: the app (server/app.ts) calls `collectJobMetrics` once at start
 * with a function that counts the jobs table's waiting and failed jobs (server/jobs/job-counts.ts),
 * and the two gauges appear at /metrics (decision 263).
 */
import { metrics } from "./registry";

export interface JobCounts {
  waiting: number;
  failed: number;
}

export function collectJobMetrics(count: () => Promise<JobCounts>): () => void {
  const waiting = metrics.gauge("azya_jobs_waiting", "Background jobs waiting to run");
  const failed = metrics.gauge("azya_jobs_failed", "Background jobs that failed for good");
  let last: Promise<JobCounts> | undefined;
  // One count per scrape serves both gauges: the first asks, the second reuses it.
  const read = () => (last ??= count().finally(() => setTimeout(() => (last = undefined), 0)));
  const stopWaiting = waiting.collect(async () => (await read()).waiting);
  const stopFailed = failed.collect(async () => (await read()).failed);
  return () => {
    stopWaiting();
    stopFailed();
  };
}
