/**
 * What every process does once before it serves: migrate the schema and seed what is missing.
 * Several processes may start at once on one database (a rolling deploy, a cluster behind a load
 * balancer): unguarded, two of them ran the same migrations and inserted the same demo rows side by
 * side and one died on a duplicate key. The work runs under one PostgreSQL advisory lock, so one
 * process does it while the others wait; each then finds the schema current and the seed in place
 * and has nothing left to do (decision 260).
 */
import type { AppDeps } from "../deps";
import { migrateDatabase } from "./client";
import { seedOnStart } from "./seed";

/** The advisory lock key of start-up ("azya" in ASCII): any fixed number all processes agree on. */
export const STARTUP_LOCK_KEY = 0x617a7961;

export async function prepareDatabase(deps: AppDeps): Promise<void> {
  await deps.database.withAdvisoryLock(STARTUP_LOCK_KEY, async () => {
    await migrateDatabase(deps.database);
    await seedOnStart(deps);
  });
}
