/**
 * The hook for the background jobs' figures. There is no job queue yet (no jobs table): when one
 * lands, its module calls `collectJobMetrics` once at start with a function that counts its waiting
 * and failed jobs, and the two gauges appear at /metrics. Until then they are not shown at all
 * rather than shown as a misleading 0 (decision 263).
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
