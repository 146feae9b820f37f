import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import pg from "pg";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as schema from "./schema";
import { pgliteStartParams } from "./pglite-settings";

/** Either driver, seen through the one PostgreSQL dialect both speak. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction has the same query API as the database. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  driver: "pglite" | "postgres";
  /** True where concurrent transactions really run concurrently (not PGlite's single connection). */
  concurrent: boolean;
  close(): Promise<void>;
  /**
   * Where lost connections are reported (the app's logger once it exists). A lost connection is
   * dropped from the pool and replaced on the next query; it never stops the process.
   */
  onConnectionError(report: (err: Error) => void): void;
  /**
   * Runs `fn` while this process holds the PostgreSQL advisory lock `key`, taken on a connection of
   * its own (so the pool's queries inside `fn` are not blocked by it). Other processes asking for
   * the same key wait until `fn` ends; a process that dies mid-way loses its session and the lock
   * with it. PGlite has one process and nothing to share: `fn` just runs.
   */
  withAdvisoryLock<T>(key: number, fn: () => Promise<T>): Promise<T>;
  /** The pool's connections now (for /metrics); null where there is no pool (PGlite). */
  poolUse(): { total: number; idle: number; waiting: number } | null;
  /** PostgreSQL only: the connection URL (pg_dump reads the database through it). */
  url?: string;
  /** PGlite only: the whole data directory as a gzipped tarball, taken between two queries (backups). */
  dumpDataDir?(): Promise<Buffer>;
}

export interface OpenDatabaseOptions {
  /** A postgres:// URL; without it PGlite is used. */
  url?: string;
  /** PGlite data directory; omitted means in memory. */
  pgliteDir?: string;
  poolSize?: number;
}

/** PGlite with the extensions the migrations need; `loadDataDir` starts it from a backup's tarball. */
export function openPglite(dataDir: string | undefined, loadDataDir?: Blob): Promise<PGlite> {
  return PGlite.create({ dataDir, loadDataDir, extensions: { pg_trgm, unaccent }, startParams: pgliteStartParams() });
}

export async function openDatabase(opts: OpenDatabaseOptions): Promise<Database> {
  if (opts.url) {
    const pool = new pg.Pool({ connectionString: opts.url, max: opts.poolSize ?? 10 });
    let report = (err: Error) => console.error(`database connection lost: ${err.message}`);
    // PostgreSQL ends connections on a restart, a failover or an idle timeout. An idle client's
    // error reaches the pool's 'error' event; a checked-out one (a transaction between queries)
    // emits on the client itself. Without listeners either is an uncaught exception that kills the
    // process; with them the pool discards the client and its next query opens a fresh one.
    pool.on("error", (err) => report(err));
    pool.on("connect", (client) => {
      client.on("error", (err) => report(err));
      releaseWhenLost(client);
    });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      driver: "postgres",
      url: opts.url,
      concurrent: true,
      close: () => pool.end(),
      onConnectionError: (fn) => {
        report = fn;
      },
      withAdvisoryLock: (key, fn) => withAdvisoryLock(opts.url!, key, fn),
      poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    };
  }
  if (opts.pgliteDir) fs.mkdirSync(opts.pgliteDir, { recursive: true });
  const client = await openPglite(opts.pgliteDir);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  // PGlite runs inside the process: there is no connection to lose.
  return {
    db,
    driver: "pglite",
    concurrent: false,
    close: () => client.close(),
    onConnectionError: () => {},
    withAdvisoryLock: (_key, fn) => fn(),
    poolUse: () => null,
    dumpDataDir: async () => Buffer.from(await (await client.dumpDataDir("gzip")).arrayBuffer()),
  };
}

async function withAdvisoryLock<T>(url: string, key: number, fn: () => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  // A lost connection must not be an uncaught 'error' event; the lock ends with it, and fn's own
  // queries (on the pool) fail or finish on their own.
  client.on("error", () => {});
  await client.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [key]);
    return await fn();
  } finally {
    // Ending the session releases the lock; no explicit unlock needed.
    await client.end().catch(() => {});
  }
}

/**
 * A checked-out client whose connection is lost gives itself back to the pool (which discards it),
 * and a second release is ignored. Drizzle's transaction() sends BEGIN before its try/finally, so
 * a BEGIN on a connection PostgreSQL has just ended never released its client: after a database
 * restart under load each such transaction leaked one, and once the pool's clients were all gone
 * every request waited forever.
 *
 * pg-pool gives the client a new `release` at each checkout; the property's setter catches it, so
 * the wrapper is in place before anyone can call it.
 */
function releaseWhenLost(client: pg.PoolClient) {
  let original: ((err?: Error | boolean) => void) | undefined;
  let checkedOut = false;
  const release = (err?: Error | boolean) => {
    if (!checkedOut) return;
    checkedOut = false;
    original?.(err);
  };
  Object.defineProperty(client, "release", {
    configurable: true,
    get: () => release,
    set: (fn: (err?: Error | boolean) => void) => {
      original = fn;
      checkedOut = true;
    },
  });
  const lost = (err?: unknown) => {
    if (checkedOut) release(err instanceof Error ? err : new Error("Connection terminated"));
  };
  client.on("error", lost);
  client.on("end", lost);
}

function migrationsFolder(): string {
  // From the source tree this file is server/db; from the build it is a chunk under build/server.
  // Either way the folder is server/db/migrations in this file's directory or one above it.
  const here = path.dirname(fileURLToPath(import.meta.url));
  for (let dir = here; ; dir = path.dirname(dir)) {
    for (const candidate of [path.join(dir, "migrations"), path.join(dir, "server", "db", "migrations")]) {
      if (fs.existsSync(path.join(candidate, "meta", "_journal.json"))) return candidate;
    }
    if (path.dirname(dir) === dir) throw new Error(`No migrations found near ${here}`);
  }
}

export async function migrateDatabase(database: Database): Promise<void> {
  // Extensions first: the migrations' trigram indexes need pg_trgm.
  await database.db.execute(sql`create extension if not exists pg_trgm`);
  await database.db.execute(sql`create extension if not exists unaccent`);
  const migrationsFolderPath = migrationsFolder();
  if (database.driver === "pglite") {
    await migratePglite(database.db as never, { migrationsFolder: migrationsFolderPath });
  } else {
    await migratePg(database.db as never, { migrationsFolder: migrationsFolderPath });
  }
}
