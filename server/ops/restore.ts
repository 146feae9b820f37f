import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { Config } from "../config";
import { openPglite } from "../db/client";
import type { ObjectStore, Storage } from "../storage";
import { uploadContentType } from "../storage/serve-uploads";
import { BACKUP_FORMAT, type BackupManifest } from "./backup";
import { run, unpackInto } from "./archive";

export const pgliteDirOf = (dataDir: string) => path.join(dataDir, "db");

export interface RestoreOptions {
  config: Config;
  storage: Storage;
  /** The .tar.gz written by writeBackup. */
  file: string;
}

/**
 * `npm run restore <file>`: the database into an empty PGlite data directory or an empty
 * PostgreSQL database (never over a shop's data), then every file back through the storage
 * interface. Answers the backup's manifest.
 */
export async function restoreBackup({ config, storage, file }: RestoreOptions): Promise<BackupManifest> {
  const staging = await fs.mkdtemp(path.join(os.tmpdir(), "azya-restore-"));
  try {
    await unpackInto(path.resolve(file), staging);
    const manifest = JSON.parse(await fs.readFile(path.join(staging, "manifest.json"), "utf8")) as BackupManifest;
    if (manifest.format !== BACKUP_FORMAT) throw new Error(`unknown backup format ${manifest.format}`);
    const target = config.DATABASE_URL ? "postgres" : "pglite";
    if (manifest.database !== target) {
      throw new Error(
        `this backup holds a ${manifest.database} database; restore it with ${manifest.database === "postgres" ? "DATABASE_URL set" : "DATABASE_URL unset"}`,
      );
    }
    if (target === "pglite") await restorePglite(pgliteDirOf(config.dataDir), path.join(staging, "db.tar.gz"));
    else await restorePostgres(config.DATABASE_URL!, path.join(staging, "db.pgdump"));
    await copyIn(path.join(staging, "uploads"), storage.uploads, uploadContentType);
    // Attachments' types live in their rows; the bytes are only ever sent by the staff route.
    await copyIn(path.join(staging, "private"), storage.private, () => "application/octet-stream");
    return manifest;
  } finally {
    await fs.rm(staging, { recursive: true, force: true });
  }
}

async function restorePglite(dir: string, dump: string): Promise<void> {
  const existing = await fs.readdir(dir).catch(() => []);
  if (existing.length) throw new Error(`${dir} is not empty: restore into an empty DATA_DIR`);
  await fs.mkdir(dir, { recursive: true });
  const client = await openPglite(dir, new Blob([await fs.readFile(dump)]));
  // A first query proves the restored directory opens; close writes it all out.
  await client.query("select 1 from drizzle.__drizzle_migrations limit 1");
  await client.close();
}

async function restorePostgres(url: string, dump: string): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const { rows } = await c.query<{ n: number }>(
      `select count(*)::int as n from pg_class c join pg_namespace s on s.oid = c.relnamespace
       where c.relkind in ('r', 'p') and s.nspname not in ('pg_catalog', 'information_schema') and s.nspname not like 'pg_toast%'`,
    );
    if (rows[0]!.n > 0) throw new Error("the database is not empty: restore into a new, empty database");
  } finally {
    await c.end();
  }
  await run("pg_restore", ["--no-owner", "--no-privileges", "--exit-on-error", `--dbname=${url}`, dump]);
}

async function copyIn(dir: string, store: ObjectStore, typeOf: (name: string) => string): Promise<void> {
  const names = await fs.readdir(dir).catch(() => [] as string[]);
  for (const name of names) await store.put(name, await fs.readFile(path.join(dir, name)), typeOf(name));
}
