/**
 * The forgot-password flow (checkemail, checktoken, resetpassword) and SPEC §7 "Admin accounts":
 * search, delete and restore, ban and unban (ending sessions at once), roles, and the audit log.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { createTestApp, type TestApp } from "../support/test-app";
import { DEFAULT_PASSWORD, makeUser, signedIn } from "../support/factories";
import { auditLog, users } from "../../server/db/schema";
import {
  activeAccountViaApi,
  clientIp,
  codeFromMail,
  expectNoPasswordHash,
  logInViaApi,
  recordReplies,
} from "../support/account-factories";

let t: TestApp;
let replies: LightMyRequestResponse[];
let admin: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  t = await createTestApp();
  replies = recordReplies(t);
  admin = await signedIn(t.deps.db, "admin");
});
afterAll(() => t.close());

/** Waits for the work checkemail does after answering (the code and its e-mail) before the test looks. */
async function post(
  url: string,
  payload: unknown,
  headers: Record<string, string> = {},
  cookies: Record<string, string> = {},
) {
  const res = await t.app.inject({
    method: "POST",
    url,
    payload: payload as Record<string, unknown>,
    headers,
    cookies,
    remoteAddress: clientIp(),
  });
  await t.settle();
  return res;
}
const authStatus = (headers: Record<string, string>) =>
  t.app.inject({ method: "GET", url: "/api/auth-status", headers });
const mailsTo = (email: string) => t.mail.filter((m) => m.to === email);

describe("forgot password", () => {
  it("answers checkemail the same whether or not the address has an account, and mails only a real one", async () => {
    const account = await activeAccountViaApi(t);
    const known = await post("/api/checkemail", { email: account.email });
    const unknown = await post("/api/checkemail", { email: "no-account-here@example.com" });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    expect(known.json().message).toBe("If an account exists for this e-mail, we have sent it a code");
    const reset = mailsTo(account.email).at(-1)!;
    expect(reset.subject).toBe("Your Azya password reset code");
    expect(reset.text).toMatch(/\b\d{6}\b/);
    expect(mailsTo("no-account-here@example.com")).toHaveLength(0);
  });

  it("checks the code, resets the password with it, and ends every session", async () => {
    const account = await activeAccountViaApi(t);
    await post("/api/checkemail", { email: account.email });
    const code = await codeFromMail(t, account.email);
    const wrongCode = code === "000000" ? "111111" : "000000";

    const bad = await post("/api/checktoken", { email: account.email, token: wrongCode });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("The code is not valid or has expired");
    const good = await post("/api/checktoken", { email: account.email, token: code });
    expect(good.statusCode).toBe(200);
    expect(good.json().message).toBe("The code is correct");

    const res = await post("/api/resetpassword", { email: account.email, token: code, password: "Reset-pass-321" });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe("Your password has been reset. Please sign in.");
    expect((await authStatus(account.headers)).statusCode).toBe(401);
    expect((await logInViaApi(t, account.email)).statusCode).toBe(401);
    expect((await logInViaApi(t, account.email, "Reset-pass-321")).statusCode).toBe(200);
    // The code is used up.
    const reuse = await post("/api/resetpassword", { email: account.email, token: code, password: "Another-pass-654" });
    expect(reuse.statusCode).toBe(400);
  });

  it("refuses to reset without the valid code and changes nothing", async () => {
    const account = await activeAccountViaApi(t);
    const [before] = await t.deps.db.select().from(users).where(eq(users.email, account.email));
    const noCode = await post("/api/resetpassword", { email: account.email, password: "Reset-pass-321" });
    expect(noCode.statusCode).toBe(400);
    const guessed = await post("/api/resetpassword", {
      email: account.email,
      token: "123456",
      password: "Reset-pass-321",
    });
    expect(guessed.statusCode).toBe(400);
    const [after] = await t.deps.db.select().from(users).where(eq(users.email, account.email));
    expect(after.passwordHash).toBe(before.passwordHash);
    expect((await authStatus(account.headers)).statusCode).toBe(200);
  });

  it("voids the code after five wrong tries", async () => {
    const account = await activeAccountViaApi(t);
    await post("/api/checkemail", { email: account.email });
    const code = await codeFromMail(t, account.email);
    const wrongCode = code === "000000" ? "111111" : "000000";
    for (let i = 0; i < 5; i++)
      expect((await post("/api/checktoken", { email: account.email, token: wrongCode })).statusCode).toBe(400);
    expect((await post("/api/checktoken", { email: account.email, token: code })).statusCode).toBe(400);
    expect(
      (await post("/api/resetpassword", { email: account.email, token: code, password: "Reset-pass-321" })).statusCode,
    ).toBe(400);
  });

  it("sends at most one reset code a minute to an address", async () => {
    const account = await activeAccountViaApi(t);
    const before = mailsTo(account.email).length;
    await post("/api/checkemail", { email: account.email });
    await post("/api/checkemail", { email: account.email });
    expect(mailsTo(account.email).length).toBe(before + 1);
  });

  it("e-mails the reset code in the account's language", async () => {
    const account = await activeAccountViaApi(t);
    await t.app.inject({ method: "PUT", url: "/api/preferences", headers: account.headers, payload: { lang: "ar" } });
    await post("/api/checkemail", { email: account.email });
    expect(mailsTo(account.email).at(-1)!.subject).toBe("رمز إعادة تعيين كلمة المرور في أزياء");
  });

  it("answers bad reset input with the spec's message in Arabic too", async () => {
    const res = await post(
      "/api/resetpassword",
      { email: "bad", token: "123456", password: "Reset-pass-321" },
      {},
      { lang: "ar" },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("البريد الإلكتروني غير صالح، يرجى إدخال بريد إلكتروني صحيح");
  });

  it("limits reset requests from one address (429)", async () => {
    const ip = clientIp();
    let last = 0;
    for (let i = 0; i < 6; i++) {
      last = (
        await t.app.inject({
          method: "POST",
          url: "/api/checkemail",
          payload: { email: `x${i}@example.com` },
          remoteAddress: ip,
        })
      ).statusCode;
    }
    expect(last).toBe(429);
  });
});

describe("admin accounts", () => {
  const search = (query: string) =>
    t.app.inject({ method: "GET", url: `/api/search-users?${query}`, headers: admin.headers });

  it("searches by name, e-mail or phone with paging and totalPages", async () => {
    const tag = `zx${Date.now().toString(36)}`;
    for (let i = 0; i < 12; i++) await makeUser(t.deps.db, { firstName: `Layla${tag}`, lastName: `N${i}` });
    const page1 = await search(`searchTerm=${tag}&page=1&limit=10`);
    expect(page1.statusCode).toBe(200);
    expect(page1.json().users).toHaveLength(10);
    expect(page1.json().totalPages).toBe(2);
    const page2 = await search(`searchTerm=${tag}&page=2&limit=10`);
    expect(page2.json().users).toHaveLength(2);
    const row = page2.json().users[0];
    expect(Object.keys(row).sort()).toEqual(
      [
        "_id",
        "activated",
        "createdAt",
        "deleted",
        "email",
        "firstName",
        "hasPassword",
        "lastName",
        "phone",
        "profileImage",
        "role",
        "suspended",
      ].sort(),
    );
    const byEmail = await search(`searchTerm=${encodeURIComponent(admin.user.email)}`);
    expect(byEmail.json().users.map((u: { _id: string }) => u._id)).toEqual([admin.user.id]);
    const none = await search("searchTerm=%25%25nothing-like-this");
    expect(none.json()).toMatchObject({ users: [], totalPages: 1 });
  });

  it("bans a user: their session ends at once, sign-in is refused, and unban lets them back", async () => {
    const account = await activeAccountViaApi(t);
    expect((await authStatus(account.headers)).statusCode).toBe(200);
    const ban = await post("/api/banuser", { id: account.userId }, admin.headers);
    expect(ban.statusCode).toBe(200);
    expect(ban.json().message).toBe("Account banned");
    expect(ban.json().user.suspended).toEqual({ status: true });
    expect((await authStatus(account.headers)).statusCode).toBe(401);
    const refused = await logInViaApi(t, account.email);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe("This account has been suspended");

    const unban = await post("/api/unbanuser", { id: account.userId }, admin.headers);
    expect(unban.statusCode).toBe(200);
    expect(unban.json().user.suspended).toEqual({ status: false });
    expect((await logInViaApi(t, account.email)).statusCode).toBe(200);
  });

  it("deletes a user (ending their session) and restores them; hidden=true lists the deleted", async () => {
    const account = await activeAccountViaApi(t);
    const del = await post("/api/deleteuser", { id: account.userId }, admin.headers);
    expect(del.statusCode).toBe(200);
    expect(del.json().user.deleted).toBe(true);
    expect((await authStatus(account.headers)).statusCode).toBe(401);
    expect((await logInViaApi(t, account.email)).statusCode).toBe(403);

    const email = encodeURIComponent(account.email);
    expect((await search(`searchTerm=${email}`)).json().users).toHaveLength(0);
    expect((await search(`searchTerm=${email}&hidden=true`)).json().users).toHaveLength(1);

    const restore = await post("/api/undeleteuser", { id: account.userId }, admin.headers);
    expect(restore.statusCode).toBe(200);
    expect(restore.json().message).toBe("Account restored");
    expect((await search(`searchTerm=${email}`)).json().users).toHaveLength(1);
    expect((await logInViaApi(t, account.email)).statusCode).toBe(200);
  });

  it("changes a role", async () => {
    const target = await makeUser(t.deps.db);
    const res = await t.app.inject({
      method: "PUT",
      url: `/api/users/${target.id}/role`,
      headers: admin.headers,
      payload: { role: "moderator" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.role).toBe("moderator");
    const bad = await t.app.inject({
      method: "PUT",
      url: `/api/users/${target.id}/role`,
      headers: admin.headers,
      payload: { role: "owner" },
    });
    expect(bad.statusCode).toBe(400);
  });

  it("records every admin account action in the audit log", async () => {
    const target = await makeUser(t.deps.db);
    await post("/api/banuser", { id: target.id }, admin.headers);
    await post("/api/unbanuser", { id: target.id }, admin.headers);
    await post("/api/deleteuser", { id: target.id }, admin.headers);
    await post("/api/undeleteuser", { id: target.id }, admin.headers);
    await t.app.inject({
      method: "PUT",
      url: `/api/users/${target.id}/role`,
      headers: admin.headers,
      payload: { role: "admin" },
    });
    const rows = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, "user"), eq(auditLog.targetId, target.id)));
    expect(rows.map((r) => r.action)).toEqual(["user.ban", "user.unban", "user.delete", "user.restore", "user.role"]);
    for (const r of rows) expect([r.actorId, r.actorEmail]).toEqual([admin.user.id, admin.user.email]);
    expect(rows.at(-1)!.details).toEqual({ from: "user", to: "admin" });
  });

  it("refuses to let an admin ban, delete or demote themselves", async () => {
    const res = await post("/api/banuser", { id: admin.user.id }, admin.headers);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("You cannot do this to your own account");
    const demote = await t.app.inject({
      method: "PUT",
      url: `/api/users/${admin.user.id}/role`,
      headers: admin.headers,
      payload: { role: "user" },
    });
    expect(demote.statusCode).toBe(400);
  });

  it("answers 404 for an unknown account", async () => {
    const res = await post("/api/banuser", { id: "00000000-0000-4000-8000-000000000000" }, admin.headers);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe("Account not found");
  });

  it("refuses customers and moderators", async () => {
    const customer = await signedIn(t.deps.db, "user");
    const moderator = await signedIn(t.deps.db, "moderator");
    const target = await makeUser(t.deps.db);
    expect((await post("/api/banuser", { id: target.id }, customer.headers)).statusCode).toBe(403);
    expect((await post("/api/banuser", { id: target.id }, moderator.headers)).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: "GET", url: "/api/search-users", headers: moderator.headers })).statusCode,
    ).toBe(403);
    const [row] = await t.deps.db.select().from(users).where(eq(users.id, target.id));
    expect(row.bannedAt).toBeNull();
  });
});

describe("replies", () => {
  it("never carry a password hash", async () => {
    // A password account and a sign-in, to be sure there was a hash to leak.
    await logInViaApi(t, admin.user.email, DEFAULT_PASSWORD);
    expect(replies.length).toBeGreaterThan(40);
    expectNoPasswordHash(replies);
  });
});
