import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../config";
import type { Database } from "../db/client";
import type { Storage } from "../storage";
import { writeBackup } from "./backup";

/**
 * PGlite lives inside the shop's process: no second process may open its data directory while
 * the shop runs. So `npm run backup` asks the running shop to write the backup itself: it leaves a
 * request file and sends SIGUSR2 to the pid in DATA_DIR/server.pid; the shop answers in a .done file.
 */
const requestsDir = (dataDir: string) => path.join(dataDir, "backup-requests");
export const pidFileOf = (dataDir: string) => path.join(dataDir, "server.pid");

interface BackupRequest {
  outDir: string;
}
type BackupAnswer = { file: string } | { error: string };

/** In the shop (PGlite only): the pid file, and the backups asked for by signal. Answers the undo. */
export function serveBackupRequests(deps: {
  config: Config;
  database: Database;
  storage: Storage;
  log: FastifyBaseLogger;
}): () => void {
  const { dataDir } = deps.config;
  const pidFile = pidFileOf(dataDir);
  fs.writeFileSync(pidFile, String(process.pid));
  let busy = Promise.resolve();
  const onSignal = () => {
    busy = busy.then(() => answerRequests(deps)).catch((err) => deps.log.error({ err }, "backup failed"));
  };
  process.on("SIGUSR2", onSignal);
  return () => {
    process.off("SIGUSR2", onSignal);
    fs.rmSync(pidFile, { force: true });
  };
}

async function answerRequests(deps: Parameters<typeof serveBackupRequests>[0]): Promise<void> {
  const dir = requestsDir(deps.config.dataDir);
  const pending = fs.existsSync(dir) ? fs.readdirSync(dir).filter((n) => n.endsWith(".json")) : [];
  for (const name of pending) {
    const requestFile = path.join(dir, name);
    let answer: BackupAnswer;
    try {
      const { outDir } = JSON.parse(fs.readFileSync(requestFile, "utf8")) as BackupRequest;
      answer = { file: await writeBackup({ database: deps.database, storage: deps.storage, outDir }) };
      deps.log.info({ file: answer.file }, "backup written");
    } catch (err) {
      answer = { error: (err as Error).message };
    }
    fs.writeFileSync(requestFile.replace(/\.json$/, ".done"), JSON.stringify(answer));
    fs.rmSync(requestFile, { force: true });
  }
}

/** The pid of a shop running on this DATA_DIR, or null when none is (a stale pid file is ignored). */
export function runningShopPid(dataDir: string): number | null {
  let pid: number;
  try {
    pid = Number(fs.readFileSync(pidFileOf(dataDir), "utf8"));
  } catch {
    return null;
  }
  if (!Number.isInteger(pid) || pid <= 0) return null;
  try {
    process.kill(pid, 0);
  } catch {
    return null;
  }
  // After a crash the pid may belong to another program now, which SIGUSR2 would end: on Linux,
  // only a process started by server.mjs counts.
  try {
    const cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, "utf8");
    return cmdline.includes("server.mjs") ? pid : null;
  } catch {
    return fs.existsSync("/proc/self") ? null : pid;
  }
}

/** From `npm run backup`: asks the running shop for a backup and waits for its answer. */
export async function requestLiveBackup(
  dataDir: string,
  pid: number,
  outDir: string,
  timeoutMs = 600_000,
): Promise<string> {
  const dir = requestsDir(dataDir);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const token = crypto.randomBytes(8).toString("hex");
  const request: BackupRequest = { outDir: path.resolve(outDir) };
  // Written whole before its name appears: the shop may be reading another request right now.
  fs.writeFileSync(path.join(dir, `${token}.tmp`), JSON.stringify(request));
  fs.renameSync(path.join(dir, `${token}.tmp`), path.join(dir, `${token}.json`));
  process.kill(pid, "SIGUSR2");
  const doneFile = path.join(dir, `${token}.done`);
  const deadline = Date.now() + timeoutMs;
  while (!fs.existsSync(doneFile)) {
    if (Date.now() > deadline) throw new Error(`the shop (pid ${pid}) did not answer the backup request`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const answer = JSON.parse(fs.readFileSync(doneFile, "utf8")) as BackupAnswer;
  fs.rmSync(doneFile, { force: true });
  if ("error" in answer) throw new Error(answer.error);
  return answer.file;
}
