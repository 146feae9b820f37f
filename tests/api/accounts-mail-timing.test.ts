/**
 * Issue 11: `checkemail` must not answer slower for a real account. It used to wait for the SMTP
 * exchange, so a slow mail server told anyone which addresses have accounts. A local SMTP server
 * that takes its time stands in for the real one; the answer must come before it is done, and the
 * e-mail must still arrive with a working code.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { SMTPServer } from "smtp-server";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { createTestApp, type TestApp } from "../support/test-app";
import { jobs } from "../../server/db/schema";
import { clientIp } from "../support/account-factories";
import { makeUser, uniqueEmail } from "../support/factories";

const SMTP_DELAY_MS = 1500;
let t: TestApp;
let smtp: SMTPServer;
const received: { to: string[]; raw: string; at: number }[] = [];

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onRcptTo(address, _session, callback) {
      // Mail to "refused-…" addresses is refused, so a failing delivery can be watched too.
      if (address.address.startsWith("refused-")) return callback(new Error("Mailbox unavailable"));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        // A slow mail server: the message is accepted only after a while.
        setTimeout(() => {
          received.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString("utf8"),
            at: Date.now(),
          });
          callback();
        }, SMTP_DELAY_MS);
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const { port } = smtp.server.address() as AddressInfo;
  t = await createTestApp({ realMailer: true, env: { SMTP_URL: `smtp://127.0.0.1:${port}?ignoreTLS=true` } });
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

it("answers checkemail for a real account before a slow mail server is done, and the code still arrives", async () => {
  const user = await makeUser(t.deps.db);
  const started = Date.now();
  const res = await t.app.inject({
    method: "POST",
    url: "/api/checkemail",
    payload: { email: user.email },
    remoteAddress: clientIp(),
  });
  const answeredAt = Date.now();
  expect(res.statusCode).toBe(200);
  expect(answeredAt - started).toBeLessThan(SMTP_DELAY_MS);
  expect(received.some((m) => m.to.includes(user.email))).toBe(false);

  await t.settle();
  const mail = received.find((m) => m.to.includes(user.email));
  expect(mail).toBeDefined();
  expect(mail!.at).toBeGreaterThan(answeredAt);
  const code = mail!.raw.replace(/=\r?\n/g, "").match(/choose a new password:\s+(\d{6})\s/)![1];
  const check = await t.app.inject({
    method: "POST",
    url: "/api/checktoken",
    payload: { email: user.email, token: code },
    remoteAddress: clientIp(),
  });
  expect(check.statusCode).toBe(200);
});

it("logs a failed reset e-mail instead of swallowing it, and keeps it to try again", async () => {
  const user = await makeUser(t.deps.db, { email: uniqueEmail("refused") });
  const logged: unknown[][] = [];
  const original = t.deps.log.warn.bind(t.deps.log);
  // Records what reaches the real logger (which is silent in tests), without replacing it.
  t.deps.log.warn = ((...args: unknown[]) => {
    logged.push(args);
    return (original as (...a: unknown[]) => void)(...args);
  }) as typeof t.deps.log.warn;
  try {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/checkemail",
      payload: { email: user.email },
      remoteAddress: clientIp(),
    });
    expect(res.statusCode).toBe(200);
    await t.settle();
    // The e-mail is a job: the refusal is logged and the job waits for its next try (server/jobs).
    expect(logged.some((args) => String(args[1]).includes("job failed, will retry"))).toBe(true);
    const [job] = await t.deps.db.select().from(jobs).where(eq(jobs.kind, "mail"));
    expect(job).toMatchObject({ status: "queued", attempts: 1 });
    expect(job!.lastError).toMatch(/Mailbox unavailable/);
  } finally {
    t.deps.log.warn = original;
  }
});
