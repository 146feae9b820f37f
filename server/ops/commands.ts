/** `npm run backup` and `npm run restore <file>`, run from the built server (scripts/backup.mjs). */
import path from "node:path";
import { loadConfig } from "../config";
import { openDatabase } from "../db/client";
import { createStorage } from "../storage";
import { writeBackup } from "./backup";
import { requestLiveBackup, runningShopPid } from "./live-backup";
import { pgliteDirOf, restoreBackup } from "./restore";

/** The shop's environment; PUBLIC_URL (required in production) is never used by these commands. */
const commandConfig = () => loadConfig({ ...process.env, PUBLIC_URL: process.env.PUBLIC_URL || "http://localhost" });

/** BACKUP_DIR, else DATA_DIR/backups. */
const backupDirOf = (dataDir: string) => process.env.BACKUP_DIR || path.join(dataDir, "backups");

export async function backupCommand(): Promise<string> {
  const config = commandConfig();
  const outDir = backupDirOf(config.dataDir);
  if (!config.DATABASE_URL) {
    // PGlite belongs to the running shop: ask it. Without a running shop, open the directory here.
    const pid = runningShopPid(config.dataDir);
    if (pid) return requestLiveBackup(config.dataDir, pid, outDir);
  }
  const database = await openDatabase({
    url: config.DATABASE_URL,
    pgliteDir: pgliteDirOf(config.dataDir),
    poolSize: 1,
  });
  const storage = await createStorage(config);
  try {
    return await writeBackup({ database, storage, outDir });
  } finally {
    storage.close();
    await database.close();
  }
}

export async function restoreCommand(file: string | undefined): Promise<string> {
  if (!file) throw new Error("usage: npm run restore <backup .tar.gz>");
  const config = commandConfig();
  if (!config.DATABASE_URL && runningShopPid(config.dataDir)) throw new Error("stop the shop before restoring");
  const storage = await createStorage(config);
  try {
    const manifest = await restoreBackup({ config, storage, file });
    return `restored the ${manifest.database} database and ${manifest.files.uploads} pictures, ${manifest.files.private} attachments from ${manifest.createdAt}`;
  } finally {
    storage.close();
  }
}
