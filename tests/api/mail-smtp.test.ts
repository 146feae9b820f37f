/** One real SMTP exchange: the shop's mailer talks to a local SMTP server started by the test. */
import { afterAll, beforeAll, expect, it } from "vitest";
import { startSmtpStandIn, type SmtpStandIn } from "../support/smtp-stand-in";
import { createTestApp, type TestApp } from "../support/test-app";
import { clientIp, signUpPayload } from "../support/account-factories";

let t: TestApp;
let smtp: SmtpStandIn;

beforeAll(async () => {
  smtp = await startSmtpStandIn();
  t = await createTestApp({ realMailer: true, env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}?ignoreTLS=true` } });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

it("delivers the activation code over SMTP when someone signs up", async () => {
  const payload = signUpPayload();
  const res = await t.app.inject({ method: "POST", url: "/api/createUser", payload, remoteAddress: clientIp() });
  expect(res.statusCode).toBe(201);
  await t.settle(); // the e-mail is a job (server/jobs): run it now rather than wait for a worker
  const mail = smtp.received.find((m) => m.to.includes(payload.email));
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
