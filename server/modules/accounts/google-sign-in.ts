import { createRemoteJWKSet, jwtVerify, type JWTPayload } from "jose";
import { and, eq, isNull, or } from "drizzle-orm";
import type { Lang, Theme } from "@core/constants";
import type { AppDeps } from "../../deps";
import { accountCodes, users } from "../../db/schema";
import { AppError, forbidden, notFound } from "../../errors";
import { createSession, revokeAllSessions, toSessionUser } from "./sessions";
import { isUniqueViolation } from "./sign-up";

const GOOGLE_ISSUERS = ["https://accounts.google.com", "accounts.google.com"];

interface GoogleClaims extends JWTPayload {
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
  name?: string;
}

// One key set per URL: jose caches the keys and refetches them when Google rotates.
const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();
function keySet(url: string) {
  let set = keySets.get(url);
  if (!set) {
    set = createRemoteJWKSet(new URL(url));
    keySets.set(url, set);
  }
  return set;
}

async function verifyGoogleToken(deps: AppDeps, token: string): Promise<GoogleClaims> {
  const clientId = deps.config.GOOGLE_CLIENT_ID;
  if (!clientId) throw notFound("auth.googleDisabled");
  try {
    // Signature against Google's published keys, audience = our client id, expiry and issuer.
    const { payload } = await jwtVerify<GoogleClaims>(token, keySet(deps.config.GOOGLE_JWKS_URL), {
      audience: clientId,
      issuer: GOOGLE_ISSUERS,
    });
    return payload;
  } catch (err) {
    deps.log.warn({ err: (err as Error).message }, "Google ID token refused");
    throw new AppError("unauthenticated", "auth.googleTokenInvalid");
  }
}

const profileFrom = (claims: GoogleClaims, email: string) => ({
  firstName: (claims.given_name || claims.name || email.split("@")[0]).slice(0, 60),
  lastName: (claims.family_name ?? "").slice(0, 60),
});

/**
 * Google proves the address of an account that was never activated (decision 062). Whoever signed
 * up with that address never proved it, so nothing they chose survives: the password is discarded
 * (the owner sets one through the reset flow), so are the name, phone and picture they typed, every
 * session and live code of the account ends, and only then is it activated, all in one transaction.
 * Null when the account was activated meanwhile (then it is linked like any active account).
 */
async function claimUnactivatedAccount(deps: AppDeps, userId: string, sub: string, claims: GoogleClaims) {
  return deps.db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(users)
      .set({
        ...profileFrom(claims, claims.email!.toLowerCase()),
        phone: "",
        profileImage: null,
        passwordHash: null,
        googleSub: sub,
        activatedAt: new Date(),
        failedLogins: 0,
        lastFailedLoginAt: null,
        updatedAt: new Date(),
      })
      .where(and(eq(users.id, userId), isNull(users.activatedAt)))
      .returning();
    if (!claimed) return null;
    await revokeAllSessions(tx, userId);
    await tx
      .update(accountCodes)
      .set({ consumedAt: new Date() })
      .where(and(eq(accountCodes.userId, userId), isNull(accountCodes.consumedAt)));
    deps.log.info(
      { userId },
      "Google proved the address of an unactivated account: its sign-up password was discarded",
    );
    return claimed;
  });
}

/**
 * POST /api/auth/google: a verified Google identity signs in to its account, links to the active
 * account with the same verified e-mail, claims an unactivated one (above), or creates an active
 * account without a password.
 */
export async function googleSignIn(deps: AppDeps, token: string, prefs: { lang: Lang; theme: Theme }) {
  const claims = await verifyGoogleToken(deps, token);
  const sub = claims.sub;
  const email = claims.email?.toLowerCase();
  if (!sub || !email || claims.email_verified !== true)
    throw new AppError("unauthenticated", "auth.googleTokenInvalid");
  const { db } = deps;
  const matches = await db
    .select()
    .from(users)
    .where(or(eq(users.googleSub, sub), eq(users.email, email)));
  let user = matches.find((u) => u.googleSub === sub) ?? matches.find((u) => u.email === email);
  if (user) {
    if (user.deletedAt) throw forbidden("auth.accountDeleted");
    if (user.bannedAt) throw forbidden("auth.accountBanned");
    if (!user.activatedAt) {
      user = (await claimUnactivatedAccount(deps, user.id, sub, claims)) ?? user;
    }
    if (!user.googleSub) {
      // An activated account: its owner proved the address by code, so Google links to it as it is.
      [user] = await db
        .update(users)
        .set({ googleSub: sub, updatedAt: new Date() })
        .where(eq(users.id, user.id))
        .returning();
    }
  } else {
    try {
      [user] = await db
        .insert(users)
        .values({
          ...profileFrom(claims, email),
          email,
          googleSub: sub,
          activatedAt: new Date(),
          lang: prefs.lang,
          theme: prefs.theme,
        })
        .returning();
    } catch (e) {
      if (isUniqueViolation(e)) throw new AppError("conflict", "auth.emailTaken");
      throw e;
    }
  }
  // The identity provider's sign-in always lasts 7 days (SPEC §9).
  const { token: sessionToken, expiresAt } = await createSession(db, user.id, true);
  return { token: sessionToken, expiresAt, user: toSessionUser(user) };
}
