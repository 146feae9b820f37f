import { execFile } from "node:child_process";
import { promisify } from "node:util";

/** Runs a tool (tar, pg_dump, pg_restore) and fails with its own message when it fails. */
export async function run(tool: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<void> {
  try {
    await promisify(execFile)(tool, args, { env, maxBuffer: 16 * 1024 * 1024 });
  } catch (err) {
    const e = err as { code?: string; stderr?: string; message: string };
    if (e.code === "ENOENT") throw new Error(`${tool} is not installed (see docs/deploy.md, Backups)`);
    throw new Error(`${tool} failed: ${(e.stderr || e.message).trim()}`);
  }
}

/** One gzipped tar of a folder's contents; the system's tar is on every machine the shop runs on. */
export const packFolder = (folder: string, file: string) => run("tar", ["-czf", file, "-C", folder, "."]);
export const unpackInto = (file: string, folder: string) => run("tar", ["-xzf", file, "-C", folder, "--no-same-owner"]);
