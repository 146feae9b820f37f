import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

/**
 * Background work kept in the shop's own database (docs/decisions/250): written in the caller's
 * transaction, claimed with FOR UPDATE SKIP LOCKED so each job runs in one process at a time, and
 * re-claimed after its lease runs out if the process that held it died.
 */
export const jobs = pgTable(
  "jobs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull().default({}),
    /** queued: waiting for run_at; running: leased until locked_until; failed: gave up, kept to look at. */
    status: text("status", { enum: ["queued", "running", "failed"] })
      .notNull()
      .default("queued"),
    attempts: integer("attempts").notNull().default(0),
    maxAttempts: integer("max_attempts").notNull().default(8),
    runAt: timestamp("run_at", { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastError: text("last_error"),
    /** At most one live job per key (e.g. one expiry per order); null for most jobs. */
    uniqueKey: text("unique_key"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("jobs_due_idx").on(t.status, t.runAt),
    uniqueIndex("jobs_unique_key").on(t.uniqueKey).where(sql`${t.uniqueKey} is not null`),
  ],
);
