/**
 * Issue 11 / DESIGN.md §3: without ADMIN_EMAIL and ADMIN_PASSWORD the first start creates an admin and
 * shows its generated password once, never in a production log: it goes to a file only the server's
 * user can read, and the log says only where.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import fs from "node:fs";
import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import { createTestApp, type TestApp } from "../support/test-app";
import { ensureAdmin } from "../../server/db/seed/admin";
import { clientIp } from "../support/account-factories";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { NODE_ENV: "production", PUBLIC_URL: "https://shop.example" } });
});
afterAll(() => t.close());

/** Every line the seed logs, as text, at every level. */
function recordingLog(lines: string[]): FastifyBaseLogger {
  const record = (...args: unknown[]) =>
    void lines.push(args.map((a) => (typeof a === "string" ? a : JSON.stringify(a))).join(" "));
  const log = {
    level: "info",
    fatal: record,
    error: record,
    warn: record,
    info: record,
    debug: record,
    trace: record,
    silent: () => {},
  };
  return { ...log, child: () => log } as unknown as FastifyBaseLogger;
}

it("writes the generated admin password to a file readable only by the server, and never logs it in production", async () => {
  const lines: string[] = [];
  await ensureAdmin({ ...t.deps, log: recordingLog(lines) });
  const file = path.join(t.config.dataDir, "admin-password.txt");
  expect(fs.existsSync(file)).toBe(true);
  expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  const password = fs.readFileSync(file, "utf8").match(/^password: (\S+)$/m)![1];
  expect(password.length).toBeGreaterThanOrEqual(16);
  expect(lines.join("\n")).toContain(file);
  expect(lines.join("\n")).not.toContain(password);
  const login = await t.app.inject({
    method: "POST",
    url: "/api/login",
    payload: { email: "admin@azya.local", password },
    remoteAddress: clientIp(),
  });
  expect(login.statusCode).toBe(200);
  // A second start finds the admin and writes nothing new.
  const again: string[] = [];
  await ensureAdmin({ ...t.deps, log: recordingLog(again) });
  expect(fs.readFileSync(file, "utf8")).toContain(password);
});
