/**
 * Issue 11: a bare SHA-256 of a six-digit code falls to a million tries in microseconds, so a leaked
 * `account_codes` table gave away every live code. Codes are now an HMAC-SHA256 under a server secret
 * kept in the database (one per database, so every process agrees), compared in constant time.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { createTestApp, type TestApp } from "../support/test-app";
import { accountCodes, appSecrets } from "../../server/db/schema";
import { clientIp, codeFromMail, signUpViaApi } from "../support/account-factories";
import { CODE_SECRET_NAME } from "../../server/modules/accounts/codes";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it("stores a code as an HMAC under the database's secret, never as a bare SHA-256 of it", async () => {
  const account = await signUpViaApi(t);
  const code = await codeFromMail(t, account.email);
  const [row] = await t.deps.db.select().from(accountCodes).where(eq(accountCodes.userId, account.userId));
  const message = `activation:${account.userId}:${code}`;
  expect(row.codeHash).not.toBe(crypto.createHash("sha256").update(message).digest("hex"));
  // Six digits under an unkeyed hash: the whole space is tried in a blink. Nothing of it matches now.
  const [secret] = await t.deps.db.select().from(appSecrets).where(eq(appSecrets.name, CODE_SECRET_NAME));
  expect(secret.value).toMatch(/^[0-9a-f]{64}$/);
  expect(row.codeHash).toBe(
    crypto.createHmac("sha256", Buffer.from(secret.value, "hex")).update(message).digest("hex"),
  );
  const activated = await t.app.inject({
    method: "POST",
    url: "/api/activateUser",
    payload: { userId: account.userId, activationCode: code },
    remoteAddress: clientIp(),
  });
  expect(activated.statusCode).toBe(200);
});

it("keeps one secret for the database however many codes are issued", async () => {
  await Promise.all([signUpViaApi(t), signUpViaApi(t), signUpViaApi(t)]);
  const rows = await t.deps.db.select().from(appSecrets).where(eq(appSecrets.name, CODE_SECRET_NAME));
  expect(rows).toHaveLength(1);
});
