/**
 * A whole app on a fresh database for one test file: `const t = await createTestApp()`, then
 * `t.app.inject(...)`, and `await t.close()` in afterAll. Mail is captured in `t.mail`.
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
import type { MailMessage, Mailer } from "../../server/mail/mailer";
import type { AppDeps } from "../../server/deps";
import { databaseUrlFor } from "./global-setup";

export interface TestApp {
  app: FastifyInstance;
  deps: AppDeps;
  database: Database;
  config: Config;
  mail: MailMessage[];
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  /** Use the real mailer built from the config (e.g. SMTP_URL) instead of capturing. */
  realMailer?: boolean;
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
    ...opts.env,
  } as NodeJS.ProcessEnv);
  const database = await createTestDatabase();
  await seedReference(database.db);
  await seedShipping(database.db);
  const mail: MailMessage[] = [];
  const capture: Mailer = {
    async send(m) {
      mail.push(m);
    },
  };
  const app = await buildApp({
    config,
    database,
    mailer: opts.realMailer ? undefined : capture,
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
    async close() {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The PostgreSQL-only tests (real concurrency) say so visibly when skipped on PGlite. */
export const onPostgres = () => Boolean(inject("pgTemplate"));
