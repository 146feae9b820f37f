/**
 * A whole app on a fresh database for one test file: `const t = await createTestApp()`, then
 * `t.app.inject(...)`, and `await t.close()` in afterAll. E-mail and text messages are jobs
 * (server/jobs): `await t.settle()` runs the ones queued so far, then they are in `t.mail` and `t.sms`.
 */
import { inject } from "vitest";
import pg from "pg";
import crypto from "node:crypto";
import os from "node:os";
import path from "node:path";
import fs from "node:fs";
import type { FastifyInstance } from "fastify";
import { loadConfig, type Config } from "../../server/config";
import { migrateDatabase, openDatabase, type Database } from "../../server/db/client";
import { seedReference, seedShipping } from "../../server/db/seed/reference";
import { buildApp } from "../../server/app";
import type { MailMessage, MailTransport } from "../../server/mail/mailer";
import type { SmsMessage, SmsTransport } from "../../server/sms/sms-transport";
import { afterReplyWorkDone } from "../../server/modules/accounts/after-reply";
import type { AppDeps } from "../../server/deps";
import { databaseUrlFor } from "./global-setup";

export interface TestApp {
  app: FastifyInstance;
  deps: AppDeps;
  database: Database;
  config: Config;
  mail: MailMessage[];
  sms: SmsMessage[];
  /**
   * Waits for after-reply work, then runs every due job (what the worker would do within a second),
   * so the messages a request queued have been delivered to `t.mail` / `t.sms`.
   */
  settle(): Promise<void>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  /** Use the real mail transport built from the config (e.g. SMTP_URL) instead of capturing. */
  realMailer?: boolean;
  /** Use the real SMS transport built from the config (SMS_URL or the outbox) instead of capturing. */
  realSms?: boolean;
  /** Run the job worker loop, as the server does (default: jobs run only on `settle()`). */
  runJobs?: boolean;
  /** A browser build folder to serve, as build/client is in production. */
  clientDir?: string;
  /** Log lines go here (with env LOG_LEVEL set to a level that logs). */
  logStream?: NodeJS.WritableStream;
  /** Routes added before the app is ready (a test's own probes). */
  extraRoutes?: (app: FastifyInstance) => void;
}

export async function createTestDatabase(): Promise<Database> {
  const template = inject("pgTemplate");
  const adminUrl = inject("pgAdminUrl");
  if (template && adminUrl) {
    const name = `shop_t_${inject("runId")}_${crypto.randomBytes(4).toString("hex")}`;
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    await c.query(`create database ${name} template ${template}`);
    await c.end();
    return openDatabase({ url: databaseUrlFor(adminUrl, name), poolSize: 20 });
  }
  const database = await openDatabase({});
  await migrateDatabase(database);
  return database;
}

export async function createTestApp(opts: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-test-"));
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    LOG_LEVEL: "silent",
    SEED_DEMO: "false",
    // Most tests place many cash orders with one phone and e-mail; tests/api/cod-limits.test.ts sets the real limit.
    COD_OPEN_LIMIT: "100",
    ...opts.env,
  } as NodeJS.ProcessEnv);
  const database = await createTestDatabase();
  await seedReference(database.db);
  await seedShipping(database.db);
  const mail: MailMessage[] = [];
  const sms: SmsMessage[] = [];
  const captureMail: MailTransport = {
    async send(m) {
      mail.push(m);
    },
  };
  const captureSms: SmsTransport = {
    async send(m) {
      sms.push(m);
    },
  };
  const app = await buildApp({
    config,
    database,
    mailTransport: opts.realMailer ? undefined : captureMail,
    smsTransport: opts.realSms ? undefined : captureSms,
    runJobs: opts.runJobs ?? false,
    clientDir: opts.clientDir,
    logStream: opts.logStream,
  });
  opts.extraRoutes?.(app);
  await app.ready();
  return {
    app,
    deps: app.deps,
    database,
    config,
    mail,
    sms,
    async settle() {
      await afterReplyWorkDone();
      await app.deps.jobs.runDue();
    },
    async close() {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The PostgreSQL-only tests (real concurrency) say so visibly when skipped on PGlite. */
export const onPostgres = () => Boolean(inject("pgTemplate"));
