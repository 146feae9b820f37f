/**
 * With DATABASE_URL set, the suite runs on that PostgreSQL: this creates one migrated template
 * database for the run; each test file clones it into a fresh database of its own, and every
 * database of the run is dropped at the end. Without DATABASE_URL, each file uses in-memory PGlite.
 */
import type { TestProject } from "vitest/node";
import pg from "pg";
import crypto from "node:crypto";
import { migrateDatabase, openDatabase } from "../../server/db/client";

declare module "vitest" {
  export interface ProvidedContext {
    pgAdminUrl: string | null;
    pgTemplate: string | null;
    runId: string;
  }
}

export function databaseUrlFor(base: string, name: string) {
  const u = new URL(base);
  u.pathname = `/${name}`;
  return u.toString();
}

export default async function setup(project: TestProject) {
  const runId = crypto.randomBytes(4).toString("hex");
  project.provide("runId", runId);
  const base = process.env.DATABASE_URL;
  if (!base) {
    project.provide("pgAdminUrl", null);
    project.provide("pgTemplate", null);
    return;
  }
  const template = `shop_tpl_${runId}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${template}`);
  await admin.end();
  const database = await openDatabase({ url: databaseUrlFor(base, template), poolSize: 1 });
  await migrateDatabase(database);
  await database.close();
  project.provide("pgAdminUrl", base);
  project.provide("pgTemplate", template);

  return async () => {
    const c = new pg.Client({ connectionString: base });
    await c.connect();
    const { rows } = await c.query<{ datname: string }>(`select datname from pg_database where datname like $1`, [
      `shop_%_${runId}%`,
    ]);
    for (const { datname } of rows) await c.query(`drop database if exists ${datname} with (force)`);
    await c.end();
  };
}
