/**
 * The one way scripts and tests start the built shop (server.mjs → build/server/index.js) and wait
 * until GET /readyz says it serves (migrations and seeding over): e2e, fuzz, bench, lighthouse and
 * the lifecycle test all use it.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { freePort } from "./free-port.mjs";
import { serverEnvAdditions, serverNodeFlags } from "./server-flags.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const LAUNCHER = path.join(root, "server.mjs");
export const SERVER_BUNDLE = path.join(root, "build", "server", "index.js");

/** A process's resident memory (VmRSS) in MB: the figure bench and memory report for the server. */
export const rssMb = (pid) => {
  const kb = Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);
  return Math.round(kb / 1024);
};

/** True when `npm run build` has produced the server bundle. */
export const isBuilt = () => fs.existsSync(SERVER_BUNDLE);

/**
 * The environment of the demo shop as `npm start` serves it on a bare machine: production, the
 * embedded database in `dataDir` with the demo catalogue, no mail server, `admin` as the first
 * admin, quiet logs. Browser tests and scripts add their own settings after it.
 */
export const demoShopEnv = (dataDir, admin) => ({
  NODE_ENV: "production",
  DATA_DIR: dataDir,
  DATABASE_URL: "",
  SMTP_URL: "",
  SEED_DEMO: "true",
  ADMIN_EMAIL: admin.email,
  ADMIN_PASSWORD: admin.password,
  LOG_LEVEL: "warn",
});

/**
 * Polls GET {base}/readyz until it answers 200; fails when the child exits or the deadline passes.
 * (/healthz answers as soon as the process listens, before its migrations: decision 261.)
 */
export async function waitHealthy(base, child, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      const res = await fetch(`${base}/readyz`, { signal: AbortSignal.timeout(5_000) });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`the server did not become healthy in ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/**
 * Starts the built server on a free port of 127.0.0.1 (unless env.PORT is given) with the Node
 * flags `npm start` uses, waits until it is ready and returns { base, port, child, stop }.
 * `env` is the whole environment of the child unless `inheritEnv` (the default) adds process.env.
 * `onSpawn(child)` runs before the wait (to read piped output from the first line).
 * `stop()` sends SIGTERM, then SIGKILL after `graceMs`; it resolves { code, killed }.
 */
export async function startBuiltServer({
  env = {},
  inheritEnv = true,
  stdio = ["ignore", "inherit", "inherit"],
  timeoutMs = 120_000,
  graceMs = 15_000,
  nodeFlags,
  onSpawn = () => {},
} = {}) {
  if (!isBuilt()) throw new Error("No build found: run `npm run build` first.");
  const port = Number(env.PORT) || (await freePort());
  const base = `http://127.0.0.1:${port}`;
  const childEnv = {
    ...(inheritEnv ? process.env : {}),
    HOST: "127.0.0.1",
    PUBLIC_URL: base,
    ...env,
    PORT: String(port),
  };
  Object.assign(childEnv, serverEnvAdditions(childEnv));
  const child = spawn(process.execPath, [...(nodeFlags ?? serverNodeFlags(childEnv)), LAUNCHER], {
    env: childEnv,
    stdio,
  });
  const exited = new Promise((resolve) => child.once("exit", (code) => resolve(code)));
  onSpawn(child);
  const stop = async () => {
    if (child.exitCode !== null) return { code: child.exitCode, killed: false };
    child.kill("SIGTERM");
    let timeout;
    const timer = new Promise((r) => {
      timeout = setTimeout(r, graceMs, "late");
    });
    const first = await Promise.race([exited, timer]);
    clearTimeout(timeout);
    if (first !== "late") return { code: first, killed: false };
    child.kill("SIGKILL");
    return { code: await exited, killed: true };
  };
  try {
    await waitHealthy(base, child, timeoutMs);
  } catch (err) {
    await stop();
    throw err;
  }
  return { base, port, child, exited, stop };
}
