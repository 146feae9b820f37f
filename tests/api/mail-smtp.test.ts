/** One real SMTP exchange: the shop's mailer talks to a local SMTP server started by the test. */
import { afterAll, beforeAll, expect, it } from "vitest";
import { SMTPServer } from "smtp-server";
import type { AddressInfo } from "node:net";
import { createTestApp, type TestApp } from "../support/test-app";
import { clientIp, signUpPayload } from "../support/account-factories";

interface Received {
  from: string;
  to: string[];
  raw: string;
}

let t: TestApp;
let smtp: SMTPServer;
const received: Received[] = [];

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
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

it("delivers the activation code over SMTP when someone signs up", async () => {
  const payload = signUpPayload();
  const res = await t.app.inject({ method: "POST", url: "/api/createUser", payload, remoteAddress: clientIp() });
  expect(res.statusCode).toBe(201);
  await t.settle(); // the e-mail is a job (server/jobs): run it now rather than wait for a worker
  const mail = received.find((m) => m.to.includes(payload.email));
  expect(mail).toBeDefined();
  expect(mail!.from).toBe("no-reply@azya.eg");
  expect(mail!.raw).toMatch(/^Subject: Your Azya activation code/m);
  // The code in the message is the one that activates the account.
  const text = mail!.raw.replace(/=\r?\n/g, "");
  const code = text.match(/activate your account:\s+(\d{6})\s/)![1];
  const activate = await t.app.inject({
    method: "POST",
    url: "/api/activateUser",
    payload: { userId: res.json().UserID, activationCode: code },
    remoteAddress: clientIp(),
  });
  expect(activate.statusCode).toBe(200);
});
