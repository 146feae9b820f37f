/**
 * SPEC §7 "Session and accounts" through the API: sign up, the e-mailed code, activation, sign-in
 * and its cookie, the session, profile, deletion, preferences, and bad input in both languages.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { count, eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { createTestApp, type TestApp } from "../support/test-app";
import { DEFAULT_PASSWORD, signedIn } from "../support/factories";
import { accountCodes, loginThrottle, users } from "../../server/db/schema";
import {
  activeAccountViaApi,
  clientIp,
  codeFromMail,
  logInViaApi,
  signUpPayload,
  signUpViaApi,
  expectNoPasswordHash,
  recordReplies,
} from "../support/account-factories";

let t: TestApp;
let replies: LightMyRequestResponse[];
beforeAll(async () => {
  t = await createTestApp();
  replies = recordReplies(t);
});
afterAll(() => t.close());

const post = (
  url: string,
  payload: unknown,
  extra: { cookies?: Record<string, string>; headers?: Record<string, string> } = {},
) =>
  t.app.inject({
    method: "POST",
    url,
    payload: payload as Record<string, unknown>,
    remoteAddress: clientIp(),
    ...extra,
  });

const userByEmail = async (email: string) => (await t.deps.db.select().from(users).where(eq(users.email, email)))[0];

/** Pretends the newest code of a user went out long ago (past the 60 s resend lock). */
async function ageCodes(userId: string, minutes: number) {
  await t.deps.db
    .update(accountCodes)
    .set({ createdAt: new Date(Date.now() - minutes * 60_000) })
    .where(eq(accountCodes.userId, userId));
}

function cookieOf(res: LightMyRequestResponse, name: string) {
  return res.cookies.find((c) => c.name === name);
}

describe("sign up", () => {
  it("creates an inactive account with 201 {UserID, message} and e-mails a 6-digit code", async () => {
    const payload = signUpPayload();
    const res = await post("/api/createUser", payload);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.UserID).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.message).toBe("Account created. We sent an activation code to your e-mail.");

    const user = await userByEmail(payload.email);
    expect(user.id).toBe(body.UserID);
    expect(user.activatedAt).toBeNull();
    expect(user.passwordHash).toMatch(/^\$argon2id\$/);

    await t.settle();
    const mail = t.mail.filter((m) => m.to === payload.email);
    expect(mail).toHaveLength(1);
    expect(mail[0].subject).toBe("Your Azya activation code");
    const code = await codeFromMail(t, payload.email);
    expect(mail[0].html).toContain(code);
    // Only a hash of the code is kept.
    const [stored] = await t.deps.db.select().from(accountCodes).where(eq(accountCodes.userId, user.id));
    expect(stored.codeHash).not.toContain(code);
    expect(stored.expiresAt.getTime() - Date.now()).toBeGreaterThan(14 * 60_000);
    expect(stored.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(15 * 60_000);
  });

  it("stores the e-mail lower-cased and refuses the same address again with 409", async () => {
    const first = await signUpViaApi(t);
    const again = await post("/api/createUser", signUpPayload({ email: first.email.toUpperCase() }));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("An account with this e-mail already exists");
  });

  it("e-mails the code in Arabic to a visitor browsing in Arabic", async () => {
    const account = await signUpViaApi(t, {}, { lang: "ar" });
    await t.settle();
    const mail = t.mail.find((m) => m.to === account.email)!;
    expect(mail.subject).toBe("رمز تفعيل حسابك في أزياء");
    expect(mail.text).toContain("مرحبًا Salma،");
    expect(mail.html).toContain('dir="rtl"');
    expect((await userByEmail(account.email)).lang).toBe("ar");
  });

  it("answers 'Please fill all fields' when a required field is missing, and writes nothing", async () => {
    const [{ before }] = await t.deps.db.select({ before: count() }).from(users);
    for (const missing of ["firstName", "email", "phone", "password"]) {
      const payload: Record<string, unknown> = signUpPayload();
      delete payload[missing];
      const res = await post("/api/createUser", payload);
      expect(res.statusCode, missing).toBe(400);
      expect(res.json().message, missing).toBe("Please fill all fields");
    }
    const blank = await post("/api/createUser", signUpPayload({ firstName: "   " }));
    expect(blank.json().message).toBe("Please fill all fields");
    const [{ after }] = await t.deps.db.select({ after: count() }).from(users);
    expect(after).toBe(before);
  });

  it("answers the spec's e-mail message, in English and in Arabic", async () => {
    const en = await post("/api/createUser", signUpPayload({ email: "not-an-email" }));
    expect(en.statusCode).toBe(400);
    expect(en.json().message).toBe("Email is not valid, please enter a valid email");
    const ar = await post("/api/createUser", signUpPayload({ email: "not-an-email" }), { cookies: { lang: "ar" } });
    expect(ar.json().message).toBe("البريد الإلكتروني غير صالح، يرجى إدخال بريد إلكتروني صحيح");
    const arMissing = await post("/api/createUser", signUpPayload({ phone: "" }), { cookies: { lang: "ar" } });
    expect(arMissing.json().message).toBe("يرجى ملء جميع الحقول");
  });

  it("refuses a short password and a phone that is not a number", async () => {
    const short = await post("/api/createUser", signUpPayload({ password: "short" }));
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe("Password must be at least 8 characters");
    const phone = await post("/api/createUser", signUpPayload({ phone: "call me" }));
    expect(phone.json().message).toBe("Phone number is not valid");
  });

  it("ignores unknown fields: a visitor cannot make themselves an active admin", async () => {
    const payload = signUpPayload({
      role: "admin",
      activatedAt: new Date().toISOString(),
      passwordHash: "x",
      _id: "00000000-0000-4000-8000-000000000000",
    });
    const res = await post("/api/createUser", payload);
    expect(res.statusCode).toBe(201);
    const user = await userByEmail(payload.email);
    expect(user.role).toBe("user");
    expect(user.activatedAt).toBeNull();
    expect(user.id).not.toBe("00000000-0000-4000-8000-000000000000");
  });

  it("refuses an oversized body with 413", async () => {
    const res = await post("/api/createUser", signUpPayload({ lastName: "x".repeat(2 * 1024 * 1024) }));
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe("The request is too large");
  });

  it("limits sign-ups from one address (429)", async () => {
    const ip = clientIp();
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/createUser",
        payload: signUpPayload(),
        remoteAddress: ip,
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 5).every((s) => s === 201)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe("activation", () => {
  it("answers 202 {message, UserID} to a sign-in before activation, then activates with the e-mailed code", async () => {
    const account = await signUpViaApi(t);
    const early = await logInViaApi(t, account.email);
    expect(early.statusCode).toBe(202);
    expect(early.json()).toEqual({
      message: "Please activate your account with the code we sent to your e-mail",
      UserID: account.userId,
    });
    expect(cookieOf(early, "access_token")).toBeUndefined();
    expect(early.json().token).toBeUndefined();

    const res = await post("/api/activateUser", {
      userId: account.userId,
      activationCode: await codeFromMail(t, account.email),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe("Your account is activated. You can sign in now.");
    expect((await userByEmail(account.email)).activatedAt).not.toBeNull();
    expect((await logInViaApi(t, account.email)).statusCode).toBe(200);
  });

  it("e-mails a fresh code on a sign-in before activation once the last one is over a minute old", async () => {
    const account = await signUpViaApi(t);
    const firstCode = await codeFromMail(t, account.email);
    await logInViaApi(t, account.email);
    await t.settle();
    expect(t.mail.filter((m) => m.to === account.email)).toHaveLength(1); // within 60 s: no second mail
    await ageCodes(account.userId, 2);
    expect((await logInViaApi(t, account.email)).statusCode).toBe(202);
    await t.settle();
    expect(t.mail.filter((m) => m.to === account.email)).toHaveLength(2);
    const freshCode = await codeFromMail(t, account.email);
    if (freshCode !== firstCode) {
      const old = await post("/api/activateUser", { userId: account.userId, activationCode: firstCode });
      expect(old.statusCode).toBe(400);
    }
    expect((await post("/api/activateUser", { userId: account.userId, activationCode: freshCode })).statusCode).toBe(
      200,
    );
  });

  it("refuses a wrong code with 400, and five wrong codes void the right one", async () => {
    const account = await signUpViaApi(t);
    const code = await codeFromMail(t, account.email);
    const wrong = code === "000000" ? "111111" : "000000";
    const first = await post("/api/activateUser", { userId: account.userId, activationCode: wrong });
    expect(first.statusCode).toBe(400);
    expect(first.json().message).toBe("The code is not valid or has expired");
    for (let i = 0; i < 4; i++) await post("/api/activateUser", { userId: account.userId, activationCode: wrong });
    const late = await post("/api/activateUser", { userId: account.userId, activationCode: code });
    expect(late.statusCode).toBe(400);
    expect((await userByEmail(account.email)).activatedAt).toBeNull();
  });

  it("refuses an expired code", async () => {
    const account = await signUpViaApi(t);
    await t.deps.db
      .update(accountCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(accountCodes.userId, account.userId));
    const res = await post("/api/activateUser", {
      userId: account.userId,
      activationCode: await codeFromMail(t, account.email),
    });
    expect(res.statusCode).toBe(400);
  });

  it("refuses a resend within 60 s with 429 and sends a new code after", async () => {
    const account = await signUpViaApi(t);
    const soon = await post("/api/resendActivationCode", { userId: account.userId });
    expect(soon.statusCode).toBe(429);
    expect(soon.json().message).toMatch(/^Please wait \d+ seconds before asking for a new code$/);
    await ageCodes(account.userId, 2);
    const later = await post("/api/resendActivationCode", { userId: account.userId });
    expect(later.statusCode).toBe(200);
    expect(later.json().message).toBe("A new code is on its way to your e-mail");
    await t.settle();
    expect(t.mail.filter((m) => m.to === account.email)).toHaveLength(2);
  });

  it("answers a malformed activation with the spec's style of message", async () => {
    const res = await post("/api/activateUser", { userId: "not-a-uuid", activationCode: "12" });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBeTypeOf("string");
  });
});

describe("sign in and the session", () => {
  it("answers 200 {token, message, UserID} with an HttpOnly, SameSite=Strict, 1-hour cookie", async () => {
    const account = await signUpViaApi(t);
    await post("/api/activateUser", { userId: account.userId, activationCode: await codeFromMail(t, account.email) });
    const res = await logInViaApi(t, account.email);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({ token: expect.any(String), message: "Signed in successfully", UserID: account.userId });
    const cookie = cookieOf(res, "access_token")!;
    expect(cookie.value).toBe(body.token);
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe("Strict");
    expect(cookie.path).toBe("/");
    expect(cookie.maxAge).toBeGreaterThanOrEqual(3599);
    expect(cookie.maxAge).toBeLessThanOrEqual(3600);
    expect(cookie.secure).toBeUndefined(); // Secure only in production (see accounts-production.test.ts)
  });

  it("keeps the cookie 7 days with remember me", async () => {
    const account = await activeAccountViaApi(t);
    const res = await logInViaApi(t, account.email, DEFAULT_PASSWORD, { remember: true });
    const cookie = cookieOf(res, "access_token")!;
    expect(cookie.maxAge).toBeGreaterThanOrEqual(7 * 24 * 3600 - 1);
    expect(cookie.maxAge).toBeLessThanOrEqual(7 * 24 * 3600);
  });

  it("reads the signed-in user from the cookie and from a bearer header", async () => {
    const account = await activeAccountViaApi(t);
    const byCookie = await t.app.inject({
      method: "GET",
      url: "/api/auth-status",
      cookies: { access_token: account.token },
    });
    expect(byCookie.statusCode).toBe(200);
    expect(byCookie.json().user).toMatchObject({
      _id: account.userId,
      email: account.email,
      firstName: "Salma",
      role: "user",
      hasPassword: true,
      suspended: { status: false },
    });
    const byBearer = await t.app.inject({
      method: "GET",
      url: "/api/auth-status",
      headers: { authorization: `Bearer ${account.token}` },
    });
    expect(byBearer.statusCode).toBe(200);
    expect(byBearer.json().user._id).toBe(account.userId);
  });

  it("answers 401 to auth-status without a session or with a made-up token", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/auth-status" })).statusCode).toBe(401);
    const fake = await t.app.inject({
      method: "GET",
      url: "/api/auth-status",
      headers: { authorization: "Bearer made-up" },
    });
    expect(fake.statusCode).toBe(401);
    expect(fake.json().message).toBe("You need to sign in to continue");
  });

  it("logs out: the session is revoked, the cookie cleared, and auth-status then answers 401", async () => {
    const account = await activeAccountViaApi(t);
    const res = await post("/api/logout", undefined, { cookies: { access_token: account.token } });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe("You have been logged out");
    const cleared = cookieOf(res, "access_token")!;
    expect(cleared.value).toBe("");
    expect(new Date(cleared.expires!).getTime()).toBeLessThan(Date.now());
    const after = await t.app.inject({
      method: "GET",
      url: "/api/auth-status",
      headers: { authorization: `Bearer ${account.token}` },
    });
    expect(after.statusCode).toBe(401);
  });

  it("answers the same 401 for a wrong password and an unknown address", async () => {
    const account = await activeAccountViaApi(t);
    const wrong = await logInViaApi(t, account.email, "Wrong-password-1");
    const unknown = await logInViaApi(t, "nobody-here@example.com", "Wrong-password-1");
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    // Each reply has its own request id; everything else is the same.
    expect({ ...wrong.json(), requestId: "" }).toEqual({ ...unknown.json(), requestId: "" });
    expect(wrong.json().message).toBe("Invalid e-mail or password");
  });

  it("answers 429 after five wrong passwords in a row from one address, even to the right one", async () => {
    const account = await activeAccountViaApi(t);
    const ip = clientIp();
    for (let i = 0; i < 5; i++) {
      expect((await logInViaApi(t, account.email, `Wrong-password-${i}`, {}, ip)).statusCode).toBe(401);
    }
    const locked = await logInViaApi(t, account.email, DEFAULT_PASSWORD, {}, ip);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe(
      "Too many wrong passwords. Please try again in 15 minutes or reset your password.",
    );
    expect(cookieOf(locked, "access_token")).toBeUndefined();
    // After the lock's 15 minutes the right password works again.
    await t.deps.db
      .update(loginThrottle)
      .set({ lastFailureAt: new Date(Date.now() - 16 * 60_000) })
      .where(eq(loginThrottle.userId, account.userId));
    expect((await logInViaApi(t, account.email, DEFAULT_PASSWORD, {}, ip)).statusCode).toBe(200);
  });

  it("a right password resets the count of wrong ones", async () => {
    const account = await activeAccountViaApi(t);
    const ip = clientIp();
    for (let i = 0; i < 4; i++) await logInViaApi(t, account.email, "Wrong-password-1", {}, ip);
    expect((await logInViaApi(t, account.email, DEFAULT_PASSWORD, {}, ip)).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) await logInViaApi(t, account.email, "Wrong-password-1", {}, ip);
    expect((await logInViaApi(t, account.email, DEFAULT_PASSWORD, {}, ip)).statusCode).toBe(200);
  });

  it("limits sign-in attempts from one address (429)", async () => {
    const ip = clientIp();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++)
      statuses.push((await logInViaApi(t, `someone-${i}@example.com`, "Whatever-123", {}, ip)).statusCode);
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.at(-1)).toBe(429);
  });

  it("answers sign-in errors in Arabic with the lang cookie", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/login",
      payload: { email: "nobody-here@example.com", password: "x" },
      cookies: { lang: "ar" },
      remoteAddress: clientIp(),
    });
    expect(res.json().message).toBe("البريد الإلكتروني أو كلمة المرور غير صحيحة");
  });

  it("reports Google sign-in as unavailable when no client id is configured", async () => {
    const res = await post("/api/auth/google", { token: "x.y.z" });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe("Google sign-in is not available");
    expect(t.app.pageCsp("n")).not.toContain("accounts.google.com");
  });
});

describe("profile, deletion and preferences", () => {
  it("updates name and phone and returns the user", async () => {
    const account = await activeAccountViaApi(t);
    const res = await t.app.inject({
      method: "PUT",
      url: "/api/updateuser",
      headers: account.headers,
      payload: {
        firstName: "Nour",
        lastName: "Farouk",
        phone: "+966 512 345 678",
        currentPassword: "",
        newPassword: "",
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe("Profile updated. Please sign in again.");
    expect(res.json().user).toMatchObject({ firstName: "Nour", lastName: "Farouk", phone: "+966512345678" });
    // Without a new password the session goes on.
    expect(
      (await t.app.inject({ method: "GET", url: "/api/auth-status", headers: account.headers })).json().user.firstName,
    ).toBe("Nour");
  });

  it("needs the current password to change the password, then ends every session", async () => {
    const account = await activeAccountViaApi(t);
    const update = (payload: Record<string, unknown>) =>
      t.app.inject({ method: "PUT", url: "/api/updateuser", headers: account.headers, payload });
    const missing = await update({ newPassword: "New-secret-456" });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe("Current password is required");
    const wrong = await update({ currentPassword: "Not-it-000", newPassword: "New-secret-456" });
    expect(wrong.json().message).toBe("Current password is incorrect");
    const ok = await update({ currentPassword: DEFAULT_PASSWORD, newPassword: "New-secret-456" });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe("Password changed. Please sign in again.");
    expect((await t.app.inject({ method: "GET", url: "/api/auth-status", headers: account.headers })).statusCode).toBe(
      401,
    );
    expect((await logInViaApi(t, account.email)).statusCode).toBe(401);
    expect((await logInViaApi(t, account.email, "New-secret-456")).statusCode).toBe(200);
  });

  it("lets an account without a password (made through Google) set one without a current password", async () => {
    const { user, headers } = await signedIn(t.deps.db, "user", { passwordHash: null, googleSub: "google-123" });
    const res = await t.app.inject({
      method: "PUT",
      url: "/api/updateuser",
      headers,
      payload: { newPassword: "First-pass-789" },
    });
    expect(res.statusCode).toBe(200);
    expect((await logInViaApi(t, user.email, "First-pass-789")).statusCode).toBe(200);
  });

  it("refuses an empty first name with its message", async () => {
    const account = await activeAccountViaApi(t);
    const res = await t.app.inject({
      method: "PUT",
      url: "/api/updateuser",
      headers: account.headers,
      payload: { firstName: "" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("First name is required");
  });

  it("deletes one's own account softly: the session ends and sign-in is refused", async () => {
    const account = await activeAccountViaApi(t);
    const res = await t.app.inject({ method: "DELETE", url: "/api/delete/user", headers: account.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe("Your account has been deleted");
    expect(cookieOf(res, "access_token")!.value).toBe("");
    expect((await userByEmail(account.email)).deletedAt).not.toBeNull();
    expect((await t.app.inject({ method: "GET", url: "/api/auth-status", headers: account.headers })).statusCode).toBe(
      401,
    );
    const again = await logInViaApi(t, account.email);
    expect(again.statusCode).toBe(403);
    expect(again.json().message).toBe("This account has been deleted");
  });

  it("keeps a signed-in user's language and theme on the account; a guest gets 204", async () => {
    const guest = await t.app.inject({ method: "PUT", url: "/api/preferences", payload: { lang: "ar" } });
    expect(guest.statusCode).toBe(204);
    const account = await activeAccountViaApi(t);
    const res = await t.app.inject({
      method: "PUT",
      url: "/api/preferences",
      headers: account.headers,
      payload: { lang: "ar", theme: "dark" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ lang: "ar", theme: "dark" });
    const user = await userByEmail(account.email);
    expect([user.lang, user.theme]).toEqual(["ar", "dark"]);
    const bad = await t.app.inject({
      method: "PUT",
      url: "/api/preferences",
      headers: account.headers,
      payload: { lang: "fr" },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe("documentation", () => {
  it("lists the account calls in the OpenAPI document", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/openapi.json" });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    for (const p of [
      "/api/createUser",
      "/api/login",
      "/api/auth-status",
      "/api/resetpassword",
      "/api/search-users",
      "/api/users/{id}/role",
    ]) {
      expect(paths).toContain(p);
    }
    expect(res.json().paths["/api/createUser"].post.requestBody).toBeDefined();
  });
});

describe("replies", () => {
  it("never carry a password hash", () => {
    expect(replies.length).toBeGreaterThan(50);
    expectNoPasswordHash(replies);
  });
});
