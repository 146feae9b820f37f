/**
 * Issue 11: parallel guesses must not share the five tries. Each burst comes from many addresses at
 * once (a botnet), so the per-address route limits do not hide the race; PostgreSQL only, where
 * requests really run side by side.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, desc, eq } from "drizzle-orm";
import { createTestApp, onPostgres, type TestApp } from "../support/test-app";
import { DEFAULT_PASSWORD } from "../support/factories";
import { accountCodes, users } from "../../server/db/schema";
import { activeAccountViaApi, clientIp, codeFromMail, logInViaApi, signUpViaApi } from "../support/account-factories";

let t: TestApp;
beforeAll(async () => {
  // One address sends the password burst; the route limit is loosened so the lock itself is what answers.
  t = await createTestApp({ env: { RATE_LIMIT_SCALE: "100" } });
});
afterAll(() => t.close());

const post = (url: string, payload: Record<string, unknown>, ip = clientIp()) =>
  t.app.inject({ method: "POST", url, payload, remoteAddress: ip });

/** Fifty distinct six-digit codes, none of them the right one. */
function wrongCodes(right: string, n = 50): string[] {
  const out: string[] = [];
  for (let i = 0; out.length < n; i++) {
    const c = String((Number(right) + 1 + i * 7919) % 1_000_000).padStart(6, "0");
    if (c !== right) out.push(c);
  }
  return out;
}

async function liveCode(userId: string, purpose: "activation" | "reset") {
  const [row] = await t.deps.db
    .select()
    .from(accountCodes)
    .where(and(eq(accountCodes.userId, userId), eq(accountCodes.purpose, purpose)))
    .orderBy(desc(accountCodes.createdAt))
    .limit(1);
  return row;
}

async function accountWithResetCode() {
  const account = await activeAccountViaApi(t);
  await post("/api/checkemail", { email: account.email });
  await t.settle();
  return { ...account, code: await codeFromMail(t, account.email) };
}

describe("codes under parallel guessing", () => {
  it.skipIf(!onPostgres())(
    "lets 50 parallel wrong checktoken guesses make at most 5 compares, then refuses the right code",
    async () => {
      const a = await accountWithResetCode();
      const replies = await Promise.all(
        wrongCodes(a.code).map((token) => post("/api/checktoken", { email: a.email, token })),
      );
      expect(replies.every((r) => r.statusCode === 400)).toBe(true);
      expect((await liveCode(a.userId, "reset")).attempts).toBe(5);
      expect((await post("/api/checktoken", { email: a.email, token: a.code })).statusCode).toBe(400);
      expect(
        (await post("/api/resetpassword", { email: a.email, token: a.code, password: "Taken-over-123" })).statusCode,
      ).toBe(400);
      expect((await logInViaApi(t, a.email, DEFAULT_PASSWORD)).statusCode).toBe(200);
    },
  );

  it.skipIf(!onPostgres())(
    "lets 50 parallel wrong resetpassword guesses make at most 5 compares, then refuses the right code",
    async () => {
      const a = await accountWithResetCode();
      const replies = await Promise.all(
        wrongCodes(a.code).map((token) =>
          post("/api/resetpassword", { email: a.email, token, password: "Taken-over-123" }),
        ),
      );
      expect(replies.every((r) => r.statusCode === 400)).toBe(true);
      expect((await liveCode(a.userId, "reset")).attempts).toBe(5);
      expect(
        (await post("/api/resetpassword", { email: a.email, token: a.code, password: "Taken-over-123" })).statusCode,
      ).toBe(400);
      expect((await logInViaApi(t, a.email, "Taken-over-123")).statusCode).toBe(401);
    },
  );

  it.skipIf(!onPostgres())(
    "lets 50 parallel wrong activation codes make at most 5 compares, then refuses the right code",
    async () => {
      const a = await signUpViaApi(t);
      const code = await codeFromMail(t, a.email);
      const replies = await Promise.all(
        wrongCodes(code).map((c) => post("/api/activateUser", { userId: a.userId, activationCode: c })),
      );
      expect(replies.every((r) => r.statusCode === 400)).toBe(true);
      expect((await liveCode(a.userId, "activation")).attempts).toBe(5);
      expect((await post("/api/activateUser", { userId: a.userId, activationCode: code })).statusCode).toBe(400);
      const [user] = await t.deps.db.select().from(users).where(eq(users.id, a.userId));
      expect(user.activatedAt).toBeNull();
    },
  );

  it.skipIf(!onPostgres())("uses a reset code once when ten resets with the right code race", async () => {
    const a = await accountWithResetCode();
    const replies = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        post("/api/resetpassword", { email: a.email, token: a.code, password: `Raced-pass-${i}00` }),
      ),
    );
    expect(replies.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(replies.filter((r) => r.statusCode === 400)).toHaveLength(9);
  });
});

describe("wrong passwords under parallel guessing", () => {
  it.skipIf(!onPostgres())("lets 30 parallel wrong passwords from one address make at most 5 compares", async () => {
    const a = await activeAccountViaApi(t);
    const ip = clientIp();
    const replies = await Promise.all(
      Array.from({ length: 30 }, (_, i) => logInViaApi(t, a.email, `Wrong-pass-${i}00`, {}, ip)),
    );
    expect(replies.filter((r) => r.statusCode === 401).length).toBeLessThanOrEqual(5);
    expect(replies.filter((r) => r.statusCode === 429).length).toBeGreaterThanOrEqual(25);
    expect((await logInViaApi(t, a.email, DEFAULT_PASSWORD, {}, ip)).statusCode).toBe(429);
  });
});

describe("codes under parallel requests for a new one", () => {
  it.skipIf(!onPostgres())("sends one activation code to 20 parallel resends, and 429 to the rest", async () => {
    const a = await signUpViaApi(t);
    await t.deps.db
      .update(accountCodes)
      .set({ createdAt: new Date(Date.now() - 2 * 60_000) })
      .where(eq(accountCodes.userId, a.userId));
    await t.settle(); // the sign-up's own e-mail is sent before counting
    const before = t.mail.filter((m) => m.to === a.email).length;
    const replies = await Promise.all(
      Array.from({ length: 20 }, () => post("/api/resendActivationCode", { userId: a.userId })),
    );
    expect(replies.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(replies.filter((r) => r.statusCode === 429)).toHaveLength(19);
    await t.settle();
    expect(t.mail.filter((m) => m.to === a.email).length).toBe(before + 1);
  });

  it.skipIf(!onPostgres())("sends one reset code to 20 parallel checkemail calls", async () => {
    const a = await activeAccountViaApi(t);
    const before = t.mail.filter((m) => m.to === a.email).length;
    const replies = await Promise.all(Array.from({ length: 20 }, () => post("/api/checkemail", { email: a.email })));
    await t.settle();
    expect(replies.every((r) => r.statusCode === 200)).toBe(true);
    expect(t.mail.filter((m) => m.to === a.email).length).toBe(before + 1);
  });
});
