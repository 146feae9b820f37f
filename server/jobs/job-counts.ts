import { sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { jobs } from "../db/schema";
import type { JobCounts } from "../metrics/jobs-metrics";

/** Jobs still to run (queued or in hand) and jobs that failed for good: what /metrics shows. */
export async function countJobs(db: DbOrTx): Promise<JobCounts> {
  const [row] = await db
    .select({
      waiting: sql<number>`count(*) filter (where ${jobs.status} in ('queued', 'running'))`.mapWith(Number),
      failed: sql<number>`count(*) filter (where ${jobs.status} = 'failed')`.mapWith(Number),
    })
    .from(jobs);
  return row ?? { waiting: 0, failed: 0 };
}
