/**
 * Google sign-in verifies the ID token's signature, audience and expiry against a key set. Here the
 * key set is served by a local HTTP server with a key generated for the test, so the real jose
 * verification runs end to end.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { SignJWT, exportJWK, generateKeyPair, type CryptoKey } from "jose";
import { createTestApp, type TestApp } from "../support/test-app";
import { makeUser, uniqueEmail } from "../support/factories";
import { users } from "../../server/db/schema";
import { clientIp, expectNoPasswordHash, logInViaApi, recordReplies, signUpViaApi } from "../support/account-factories";
import { createSession } from "../../server/modules/accounts/sessions";
import type { LightMyRequestResponse } from "fastify";

const CLIENT_ID = "shop-test.apps.googleusercontent.com";
let t: TestApp;
let jwks: http.Server;
let signingKey: CryptoKey;
let strangerKey: CryptoKey;
let replies: LightMyRequestResponse[];

beforeAll(async () => {
  const pair = await generateKeyPair("RS256");
  signingKey = pair.privateKey;
  strangerKey = (await generateKeyPair("RS256")).privateKey;
  const jwk = { ...(await exportJWK(pair.publicKey)), kid: "test-key", alg: "RS256", use: "sig" };
  jwks = http.createServer((_req, res) => {
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => jwks.listen(0, "127.0.0.1", resolve));
  const { port } = jwks.address() as AddressInfo;
  t = await createTestApp({ env: { GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_JWKS_URL: `http://127.0.0.1:${port}/certs` } });
  replies = recordReplies(t);
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => jwks.close(resolve));
});

interface TokenOptions {
  email?: string;
  sub?: string;
  audience?: string;
  issuer?: string;
  expiresIn?: string | number;
  key?: CryptoKey;
  emailVerified?: boolean;
}

function googleToken(o: TokenOptions = {}) {
  return new SignJWT({
    email: o.email ?? uniqueEmail("google"),
    email_verified: o.emailVerified ?? true,
    given_name: "Hana",
    family_name: "Kamal",
    name: "Hana Kamal",
  })
    .setProtectedHeader({ alg: "RS256", kid: "test-key" })
    .setSubject(o.sub ?? `sub-${Math.random().toString(36).slice(2)}`)
    .setIssuer(o.issuer ?? "https://accounts.google.com")
    .setAudience(o.audience ?? CLIENT_ID)
    .setIssuedAt()
    .setExpirationTime(o.expiresIn ?? "1h")
    .sign(o.key ?? signingKey);
}

const signInWithGoogle = (token: string) =>
  t.app.inject({ method: "POST", url: "/api/auth/google", payload: { token }, remoteAddress: clientIp() });

describe("Google sign-in", () => {
  it("creates an active account without a password and signs it in for 7 days", async () => {
    const email = uniqueEmail("google");
    const res = await signInWithGoogle(await googleToken({ email, sub: "google-sub-1" }));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({ token: expect.any(String), message: "Signed in successfully", UserID: expect.any(String) });
    const cookie = res.cookies.find((c) => c.name === "access_token")!;
    expect(cookie.value).toBe(body.token);
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe("Strict");
    expect(cookie.maxAge).toBeGreaterThanOrEqual(7 * 24 * 3600 - 1);

    const [user] = await t.deps.db.select().from(users).where(eq(users.email, email));
    expect(user).toMatchObject({ firstName: "Hana", lastName: "Kamal", googleSub: "google-sub-1", passwordHash: null });
    expect(user.activatedAt).not.toBeNull();
    const status = await t.app.inject({
      method: "GET",
      url: "/api/auth-status",
      headers: { authorization: `Bearer ${body.token}` },
    });
    expect(status.json().user).toMatchObject({ email, hasPassword: false });
  });

  it("signs the same Google identity into the same account next time", async () => {
    const email = uniqueEmail("google");
    const first = await signInWithGoogle(await googleToken({ email, sub: "google-sub-2" }));
    const second = await signInWithGoogle(await googleToken({ email, sub: "google-sub-2" }));
    expect(second.json().UserID).toBe(first.json().UserID);
  });

  it("links to an active account with the same e-mail and keeps its password", async () => {
    const existing = await makeUser(t.deps.db);
    const res = await signInWithGoogle(await googleToken({ email: existing.email, sub: "google-sub-3" }));
    expect(res.statusCode).toBe(200);
    expect(res.json().UserID).toBe(existing.id);
    const [user] = await t.deps.db.select().from(users).where(eq(users.id, existing.id));
    expect(user.googleSub).toBe("google-sub-3");
    expect(user.passwordHash).toBe(existing.passwordHash);
  });

  it("activates an account never activated, discarding the password whoever signed up chose and ending its sessions", async () => {
    const existing = await makeUser(t.deps.db, { activatedAt: null });
    const { token: squatterToken } = await createSession(t.deps.db, existing.id, true);
    const res = await signInWithGoogle(await googleToken({ email: existing.email, sub: "google-sub-4" }));
    expect(res.statusCode).toBe(200);
    expect(res.json().UserID).toBe(existing.id);
    const [user] = await t.deps.db.select().from(users).where(eq(users.id, existing.id));
    expect(user.googleSub).toBe("google-sub-4");
    expect(user.activatedAt).not.toBeNull();
    expect(user.passwordHash).toBeNull();
    const old = await t.app.inject({
      method: "GET",
      url: "/api/auth-status",
      headers: { cookie: `access_token=${squatterToken}` },
    });
    expect(old.statusCode).toBe(401);
    const fresh = await t.app.inject({
      method: "GET",
      url: "/api/auth-status",
      headers: { cookie: `access_token=${res.json().token}` },
    });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().user.hasPassword).toBe(false);
  });

  it("refuses the squatter's password after the owner signs in with Google to an address the squatter signed up", async () => {
    const victim = uniqueEmail("victim");
    const squatter = await signUpViaApi(t, { email: victim, password: "Squatter-pass-1" });
    expect((await signInWithGoogle(await googleToken({ email: victim, sub: "google-sub-5" }))).json().UserID).toBe(
      squatter.userId,
    );
    const attempt = await logInViaApi(t, victim, "Squatter-pass-1");
    expect(attempt.statusCode).toBe(401);
  });

  it("refuses a token for another audience", async () => {
    const res = await signInWithGoogle(await googleToken({ audience: "someone-else.apps.googleusercontent.com" }));
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe("Google sign-in failed, please try again");
  });

  it("refuses an expired token", async () => {
    const res = await signInWithGoogle(await googleToken({ expiresIn: Math.floor(Date.now() / 1000) - 60 }));
    expect(res.statusCode).toBe(401);
  });

  it("refuses a token signed by a key not in the key set", async () => {
    const res = await signInWithGoogle(await googleToken({ key: strangerKey }));
    expect(res.statusCode).toBe(401);
  });

  it("refuses a token from another issuer and one with an unverified e-mail", async () => {
    expect((await signInWithGoogle(await googleToken({ issuer: "https://evil.example" }))).statusCode).toBe(401);
    expect((await signInWithGoogle(await googleToken({ emailVerified: false }))).statusCode).toBe(401);
  });

  it("refuses a token that is not a JWT at all", async () => {
    expect((await signInWithGoogle("not-a-token")).statusCode).toBe(401);
  });

  it("refuses a banned account", async () => {
    const banned = await makeUser(t.deps.db, { bannedAt: new Date() });
    const res = await signInWithGoogle(await googleToken({ email: banned.email }));
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe("This account has been suspended");
  });

  it("lets Google's button script and frame through the pages' content security policy", async () => {
    // Pages carry the policy (server/http/ssr.ts); API answers get the strict default-src 'none'.
    const csp = t.app.pageCsp("test-nonce");
    expect(csp).toContain("'nonce-test-nonce'");
    expect(csp).toMatch(/script-src [^;]*https:\/\/accounts\.google\.com\/gsi\/client/);
    expect(csp).toMatch(/frame-src [^;]*https:\/\/accounts\.google\.com\/gsi\//);
  });

  it("never replies with a password hash", () => {
    expectNoPasswordHash(replies);
  });
});
