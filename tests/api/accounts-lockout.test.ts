/**
 * Issue 11: five wrong passwords must not let a stranger lock the owner (or the admin) out. The lock
 * counts per account and client address; a much higher account-wide ceiling slows a botnet without
 * shutting the owner's own address out (decision 060).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { createTestApp, type TestApp } from "../support/test-app";
import { DEFAULT_PASSWORD, makeUser } from "../support/factories";
import { loginThrottle, users } from "../../server/db/schema";
import { activeAccountViaApi, clientIp, logInViaApi } from "../support/account-factories";
import { ACCOUNT_WRONG_PASSWORD_CEILING, clientKey } from "../../server/modules/accounts/login-throttle";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("wrong-password lock", () => {
  it("keeps the owner signing in from their own address while a stranger's address is locked", async () => {
    const account = await activeAccountViaApi(t);
    const stranger = clientIp();
    for (let i = 0; i < 5; i++)
      expect((await logInViaApi(t, account.email, `Wrong-pass-${i}00`, {}, stranger)).statusCode).toBe(401);
    expect((await logInViaApi(t, account.email, `Wrong-pass-600`, {}, stranger)).statusCode).toBe(429);
    // The owner, from an address of their own, is not locked out by the stranger.
    expect((await logInViaApi(t, account.email, DEFAULT_PASSWORD, {}, clientIp())).statusCode).toBe(200);
    // And the stranger is still locked, even with the right password.
    expect((await logInViaApi(t, account.email, DEFAULT_PASSWORD, {}, stranger)).statusCode).toBe(429);
  });

  it("never lets a stranger lock the admin out", async () => {
    const admin = await makeUser(t.deps.db, { role: "admin" });
    const stranger = clientIp();
    for (let i = 0; i < 8; i++) await logInViaApi(t, admin.email, `Wrong-pass-${i}00`, {}, stranger);
    expect((await logInViaApi(t, admin.email, DEFAULT_PASSWORD, {}, clientIp())).statusCode).toBe(200);
  });

  it("past the account-wide ceiling refuses new addresses but not an address the owner signed in from", async () => {
    const account = await activeAccountViaApi(t);
    const ownersAddress = clientIp();
    expect((await logInViaApi(t, account.email, DEFAULT_PASSWORD, {}, ownersAddress)).statusCode).toBe(200);
    // A botnet: four wrong passwords from each address, never reaching any address's own lock.
    let wrong = 0;
    while (wrong < ACCOUNT_WRONG_PASSWORD_CEILING) {
      const bot = clientIp();
      for (let i = 0; i < 4 && wrong < ACCOUNT_WRONG_PASSWORD_CEILING; i++, wrong++) {
        expect((await logInViaApi(t, account.email, `Wrong-pass-${wrong}00`, {}, bot)).statusCode).toBe(401);
      }
    }
    // The next guess from a new address is refused before any compare, right password or not.
    expect((await logInViaApi(t, account.email, DEFAULT_PASSWORD, {}, clientIp())).statusCode).toBe(429);
    expect((await logInViaApi(t, account.email, DEFAULT_PASSWORD, {}, ownersAddress)).statusCode).toBe(200);
    // Fifteen quiet minutes later a new address may try again.
    await t.deps.db
      .update(users)
      .set({ lastFailedLoginAt: new Date(Date.now() - 16 * 60_000) })
      .where(eq(users.id, account.userId));
    expect((await logInViaApi(t, account.email, DEFAULT_PASSWORD, {}, clientIp())).statusCode).toBe(200);
  });

  it("forgets a stranger's address a day after its last wrong password, once the owner signs in", async () => {
    const account = await activeAccountViaApi(t);
    const stranger = clientIp();
    await logInViaApi(t, account.email, "Wrong-pass-100", {}, stranger);
    await t.deps.db
      .update(loginThrottle)
      .set({ lastFailureAt: new Date(Date.now() - 25 * 3600_000) })
      .where(and(eq(loginThrottle.userId, account.userId), eq(loginThrottle.clientKey, stranger)));
    expect((await logInViaApi(t, account.email, DEFAULT_PASSWORD, {}, clientIp())).statusCode).toBe(200);
    const left = await t.deps.db.select().from(loginThrottle).where(eq(loginThrottle.userId, account.userId));
    expect(left.map((r) => r.clientKey)).not.toContain(stranger);
    expect(left.some((r) => r.lastSuccessAt !== null)).toBe(true);
  });

  it("counts an IPv6 client by its /64, and an IPv4-mapped address as IPv4", () => {
    expect(clientKey("2001:db8:1:2:aaaa::1")).toBe(clientKey("2001:db8:1:2:bbbb:cccc:dddd:eeee"));
    expect(clientKey("2001:db8:1:2::1")).not.toBe(clientKey("2001:db8:1:3::1"));
    expect(clientKey("::ffff:192.0.2.7")).toBe("192.0.2.7");
    expect(clientKey("192.0.2.7")).toBe("192.0.2.7");
  });
});
