import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Database } from "../db/client";
import type { ObjectStore, Storage } from "../storage";
import { packFolder, run } from "./archive";

/**
 * `npm run backup` (docs/decisions/271): one timestamped .tar.gz holding
 *   manifest.json     what it is, when, from which database kind, how many files;
 *   db.tar.gz         PGlite: the embedded database's data directory, dumped between two queries;
 *   db.pgdump         PostgreSQL: pg_dump's custom format (one snapshot, consistent by itself);
 *   uploads/, private/  every picture and contact attachment, read through the storage interface.
 * The database is dumped first and the files copied after: files are only ever added under new
 * names (or swept when no row refers to them), so every file a dumped row names is in the backup.
 */
export interface BackupManifest {
  format: 1;
  createdAt: string;
  database: "pglite" | "postgres";
  storage: "disk" | "s3";
  files: { uploads: number; private: number };
}

export const BACKUP_FORMAT = 1;
export const backupName = (at: Date) => `azya-backup-${at.toISOString().replace(/[:.]/g, "-")}.tar.gz`;

export interface BackupOptions {
  database: Database;
  storage: Storage;
  /** The folder the backup is written to; created when missing. */
  outDir: string;
  now?: Date;
}

/** Writes the backup and answers its path; a half-written backup never carries the final name. */
export async function writeBackup({ database, storage, outDir, now = new Date() }: BackupOptions): Promise<string> {
  const staging = await fs.mkdtemp(path.join(os.tmpdir(), "azya-backup-"));
  try {
    if (database.driver === "pglite") {
      await fs.writeFile(path.join(staging, "db.tar.gz"), await database.dumpDataDir!());
    } else {
      await pgDump(database.url!, path.join(staging, "db.pgdump"));
    }
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      createdAt: now.toISOString(),
      database: database.driver,
      storage: storage.driver,
      files: {
        uploads: await copyOut(storage.uploads, path.join(staging, "uploads")),
        private: await copyOut(storage.private, path.join(staging, "private")),
      },
    };
    await fs.writeFile(path.join(staging, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
    await fs.mkdir(outDir, { recursive: true, mode: 0o700 });
    const file = path.join(path.resolve(outDir), backupName(now));
    const part = `${file}.part`;
    await packFolder(staging, part);
    // Contact attachments and account data are inside: readable by the server's user alone.
    await fs.chmod(part, 0o600);
    await fs.rename(part, file);
    return file;
  } finally {
    await fs.rm(staging, { recursive: true, force: true });
  }
}

/** pg_dump -Fc: the server's own snapshot, restorable by pg_restore into an empty database. */
async function pgDump(url: string, file: string): Promise<void> {
  await run("pg_dump", ["--format=custom", "--no-owner", "--no-privileges", `--file=${file}`, `--dbname=${url}`]);
}

async function copyOut(store: ObjectStore, dir: string): Promise<number> {
  await fs.mkdir(dir, { recursive: true });
  let count = 0;
  for await (const name of store.list()) {
    const content = await store.get(name);
    // Swept between the listing and the read: it belongs to no row.
    if (!content) continue;
    await fs.writeFile(path.join(dir, name), content);
    count++;
  }
  return count;
}
