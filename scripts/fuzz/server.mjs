/**
 * The built shop (dist/server.js) on a fresh database for the fuzzer: PGlite in a temp DATA_DIR, or,
 * when DATABASE_URL is given, a new database created on that PostgreSQL and dropped afterwards (so
 * the fuzzer's junk never lands in a database someone uses). Mail goes to DATA_DIR/outbox (no
 * SMTP_URL), Redis, Google and Paymob point nowhere, and it listens on 127.0.0.1 only.
 */
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { freePort } from "../free-port.mjs";
import { SERVER_NODE_FLAGS } from "../server-flags.mjs";
import { call } from "./send.mjs";

/** Nothing listens here: a call to an outside service fails fast instead of leaving the machine. */
const NOWHERE = "http://127.0.0.1:9";

async function adminQuery(url, sql) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

export async function waitHealthy(base, child, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      if ((await call(base, "GET", "/healthz", { timeoutMs: 5_000 })).status === 200) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`the server did not become healthy in ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/**
 * Starts the server; returns { base, dataDir, child, stderrLines, logMark, logSince, stop }. What the
 * server logs (warn and up) is kept, to show next to the request that caused it.
 */
export async function startServer({ databaseUrl, admin, rateLimitScale }) {
  if (!fs.existsSync("dist/server.js") || !fs.existsSync("build/server/index.js")) {
    throw new Error("No build found: run `npm run build` first.");
  }
  let dbUrl = "";
  let dropDb = async () => {};
  if (databaseUrl) {
    const name = `fuzz_${crypto.randomBytes(4).toString("hex")}`;
    await adminQuery(databaseUrl, `create database ${name}`);
    const u = new URL(databaseUrl);
    u.pathname = `/${name}`;
    dbUrl = u.toString();
    dropDb = () => adminQuery(databaseUrl, `drop database if exists ${name} with (force)`);
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-fuzz-"));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, "dist/server.js"], {
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      // Links in the outbox's e-mails point back here, never to a Host header the fuzzer made up.
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      DATABASE_URL: dbUrl,
      SMTP_URL: "",
      REDIS_URL: "",
      GOOGLE_CLIENT_ID: "",
      GOOGLE_JWKS_URL: NOWHERE,
      PAYMOB_API_URL: NOWHERE,
      PAYMOB_API_KEY: "",
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      SEED_DEMO: "true",
      RATE_LIMIT_SCALE: String(rateLimitScale),
      LOG_LEVEL: process.env.FUZZ_LOG_LEVEL ?? "warn",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const stderrLines = [];
  let dropped = 0;
  const logFile = process.env.FUZZ_SERVER_LOG ? fs.createWriteStream(process.env.FUZZ_SERVER_LOG) : null;
  const keep = (chunk) => {
    logFile?.write(chunk);
    for (const line of String(chunk).split("\n")) if (line.trim()) stderrLines.push(line);
    if (stderrLines.length > 2000) dropped += stderrLines.splice(0, stderrLines.length - 2000).length;
  };
  /** How many lines the server has logged so far, and the lines logged since such a count. */
  const logMark = () => dropped + stderrLines.length;
  const logSince = (mark) => stderrLines.slice(Math.max(0, mark - dropped));
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  /** SIGTERM, then SIGKILL after 15 s; resolves { slowMs } when it had to kill. */
  const stop = async () => {
    let slowMs = 0;
    if (child.exitCode === null) {
      const exited = new Promise((r) => (child.exitCode !== null ? r() : child.once("exit", r)));
      child.kill("SIGTERM");
      const graceMs = 15_000;
      const inTime = await Promise.race([exited.then(() => true), new Promise((r) => setTimeout(r, graceMs, false))]);
      if (!inTime) {
        slowMs = graceMs;
        child.kill("SIGKILL");
        await exited;
      }
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
    await dropDb().catch((err) => console.error(`could not drop the fuzz database: ${err.message}`));
    return { slowMs };
  };
  try {
    await waitHealthy(base, child);
  } catch (err) {
    await stop();
    throw new Error(`${err.message}\n${stderrLines.slice(-30).join("\n")}`);
  }
  return { base, dataDir, child, stderrLines, logMark, logSince, stop };
}
