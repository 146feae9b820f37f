/**
 * The built shop (scripts/built-server.mjs) on a fresh database for the fuzzer: PGlite in a temp DATA_DIR, or,
 * when DATABASE_URL is given, a new database created on that PostgreSQL and dropped afterwards (so
 * the fuzzer's junk never lands in a database someone uses). Mail goes to DATA_DIR/outbox (no
 * SMTP_URL), Redis, Google and Paymob point nowhere, and it listens on 127.0.0.1 only.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { startBuiltServer } from "../built-server.mjs";

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

/**
 * Starts the server; returns { base, dataDir, child, stderrLines, logMark, logSince, stop }. What the
 * server logs (warn and up) is kept, to show next to the request that caused it.
 */
export async function startServer({ databaseUrl, admin, rateLimitScale }) {
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
  const cleanUp = async () => {
    fs.rmSync(dataDir, { recursive: true, force: true });
    await dropDb().catch((err) => console.error(`could not drop the fuzz database: ${err.message}`));
  };
  let server;
  try {
    server = await startBuiltServer({
      inheritEnv: false,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        NODE_ENV: "production",
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
      // Links in the outbox's e-mails point back to the server (PUBLIC_URL is set by the helper),
      // never to a Host header the fuzzer made up.
      stdio: ["ignore", "pipe", "pipe"],
      onSpawn: (child) => {
        child.stdout.on("data", keep);
        child.stderr.on("data", keep);
      },
    });
  } catch (err) {
    await cleanUp();
    throw new Error(`${err.message}\n${stderrLines.slice(-30).join("\n")}`);
  }
  const { base, child } = server;
  /** SIGTERM, then SIGKILL after 15 s; resolves { slowMs } when it had to kill. */
  const stop = async () => {
    const { killed } = await server.stop();
    await cleanUp();
    return { slowMs: killed ? 15_000 : 0 };
  };
  return { base, dataDir, child, stderrLines, logMark, logSince, stop };
}
