/** The database pool's connections at each scrape (PostgreSQL only: PGlite has no pool). */
import type { Database } from "../db/client";
import { metrics } from "./registry";

const pool = metrics.gauge(
  "azya_db_pool_connections",
  "Database pool connections: total open, idle, and queries waiting for one",
  ["state"],
);

/** Reads `database`'s pool at each scrape; returns the function that stops it. */
export function collectPoolMetrics(database: Database): () => void {
  return pool.collect(() => {
    const use = database.poolUse();
    if (!use) return [];
    return [
      [{ state: "total" }, use.total],
      [{ state: "idle" }, use.idle],
      [{ state: "waiting" }, use.waiting],
    ];
  });
}
