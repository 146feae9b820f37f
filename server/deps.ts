import type { FastifyBaseLogger } from "fastify";
import type { Config } from "./config";
import type { Database, Db } from "./db/client";
import type { Jobs } from "./jobs/worker";
import type { Mailer } from "./mail/mailer";
import type { Texter } from "./sms/texter";
import type { Storage } from "./storage";

/**
 * What every service needs from the outside world, passed explicitly. The Fastify routes and the
 * page loaders (through the React Router load context) hand the same object to the same services.
 */
export interface AppDeps {
  config: Config;
  database: Database;
  db: Db;
  /** Queues e-mail as jobs (server/jobs); pass `{ db: tx }` to queue inside a transaction. */
  mailer: Mailer;
  /** Queues text messages as jobs, like the mailer. */
  sms: Texter;
  jobs: Jobs;
  /** Uploads and private files: the disk or a shared bucket (server/storage). */
  storage: Storage;
  log: FastifyBaseLogger;
}
