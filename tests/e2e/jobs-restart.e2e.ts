/**
 * Jobs survive a killed server (issue 16, decision 250): the built server, with its SMTP server
 * down, takes an order (at once: it no longer waits for mail), fails to send the e-mail, and is
 * killed with SIGKILL. Restarted with the SMTP server up, it delivers the order's e-mail.
 * On PostgreSQL, in a database made for this test.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import pg from "pg";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startBuiltServer } from "../../scripts/built-server.mjs";
import { freePort } from "../../scripts/free-port.mjs";
import { openDatabase, type Database } from "../../server/db/client";
import { jobs } from "../../server/db/schema";
import { makeProduct, orderPayload } from "../support/order-factories";
import { startSmtpStandIn, type SmtpStandIn } from "../support/smtp-stand-in";

const ADMIN_URL = process.env.E2E_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const dbName = `azya_jobs_restart_${crypto.randomBytes(4).toString("hex")}`;
const dbUrl = (() => {
  const u = new URL(ADMIN_URL);
  u.pathname = `/${dbName}`;
  return u.toString();
})();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-jobs-restart-"));
let smtp: SmtpStandIn | undefined;
let database: Database | undefined;

async function admin(sql: string) {
  const c = new pg.Client({ connectionString: ADMIN_URL });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

beforeAll(async () => {
  await admin(`create database ${dbName}`);
});
afterAll(async () => {
  await database?.close();
  await smtp?.close();
  await admin(`drop database if exists ${dbName} with (force)`);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const serverEnv = (smtpPort: number) => ({
  DATABASE_URL: dbUrl,
  DATA_DIR: dataDir,
  SEED_DEMO: "false",
  LOG_LEVEL: "warn",
  ADMIN_EMAIL: "admin@restart.test",
  ADMIN_PASSWORD: "Restart-pass-1",
  SMTP_URL: `smtp://127.0.0.1:${smtpPort}?ignoreTLS=true`,
  JOBS_POLL_MS: "100",
  JOBS_RETRY_BASE_MS: "300",
});

it("delivers an order's e-mail after the server was killed while the SMTP server was down", async () => {
  const smtpPort = await freePort(); // nothing listens there yet: the SMTP server is down
  let firstLog = "";
  const first = await startBuiltServer({
    env: serverEnv(smtpPort),
    stdio: ["ignore", "pipe", "pipe"],
    timeoutMs: 90_000,
    onSpawn: (child) => {
      child.stdout?.on("data", (d: Buffer) => (firstLog += d.toString()));
      child.stderr?.on("data", (d: Buffer) => (firstLog += d.toString()));
    },
  });
  // The first start migrated an empty database: the worker waited for the jobs table to exist.
  expect(firstLog).not.toContain("could not claim jobs");
  database = await openDatabase({ url: dbUrl, poolSize: 2 });
  const product = await makeProduct(database.db, { stock: 5 });
  const email = `restart-${crypto.randomBytes(3).toString("hex")}@example.com`;

  const started = Date.now();
  const res = await fetch(`${first.base}/api/order/guest`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(orderPayload([{ productId: product.id, quantity: 1 }], { email })),
  });
  expect(res.status).toBe(201);
  expect(Date.now() - started).toBeLessThan(5_000);
  const { orderNumber } = (await res.json()).order as { orderNumber: string };

  // The worker tried and failed (connection refused): the e-mail waits in the jobs table.
  const mailJobs = () => database!.db.select().from(jobs);
  const deadline = Date.now() + 20_000;
  // attempts counts a claim; the error is written only once the try has failed, so wait for that.
  while (!(await mailJobs()).some((j) => j.kind === "mail" && j.lastError) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
  }
  const [failed] = (await mailJobs()).filter((j) => j.kind === "mail" && j.lastError);
  expect(failed!.attempts).toBeGreaterThanOrEqual(1);
  expect(failed!.lastError).toMatch(/ECONNREFUSED|connect/i);

  first.child.kill("SIGKILL");
  expect(await first.exited).toBe(null); // killed, not stopped

  smtp = await startSmtpStandIn(smtpPort);
  const received = smtp.received;

  const second = await startBuiltServer({ env: serverEnv(smtpPort), stdio: "ignore", timeoutMs: 90_000 });
  try {
    const until = Date.now() + 30_000;
    while (!received.some((m) => m.to.includes(email)) && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 100));
    }
    const mail = received.filter((m) => m.to.includes(email));
    expect(mail).toHaveLength(1);
    expect(mail[0]!.raw.replace(/=\r?\n/g, "")).toContain(orderNumber);
    // Delivered jobs leave the table.
    await expect.poll(async () => (await mailJobs()).filter((j) => j.kind === "mail").length).toBe(0);
  } finally {
    await second.stop();
  }
});
