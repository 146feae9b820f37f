import { eq, sql } from "drizzle-orm";
import type { LogInInput } from "@core/validation/accounts";
import type { AppDeps } from "../../deps";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";
import { AppError, forbidden } from "../../errors";
import { hashPassword, verifyPassword } from "./passwords";
import { createSession, toSessionUser, type SessionUser } from "./sessions";
import { issueCode, resendWaitSeconds } from "./codes";
import { sendCodeMail } from "./account-mail";

/** Five wrong passwords in a row, each within 15 minutes of the last, refuse sign-in for 15 minutes. */
export const MAX_WRONG_PASSWORDS = 5;
export const WRONG_PASSWORD_LOCK_MINUTES = 15;

export type LogInResult =
  | { kind: "signedIn"; token: string; expiresAt: Date; user: SessionUser }
  | { kind: "needsActivation"; userId: string };

const invalidCredentials = () => new AppError("unauthenticated", "auth.invalidCredentials");

// Unknown addresses still pay for one Argon2 verification, so timing does not reveal which exist.
let dummyHash: Promise<string> | undefined;
const timingDecoy = () => (dummyHash ??= hashPassword("not-a-real-password"));

function isLockedOut(u: typeof users.$inferSelect): boolean {
  if (u.failedLogins < MAX_WRONG_PASSWORDS || !u.lastFailedLoginAt) return false;
  return Date.now() - u.lastFailedLoginAt.getTime() < WRONG_PASSWORD_LOCK_MINUTES * 60_000;
}

async function countWrongPassword(db: Db, userId: string) {
  // A failure long after the previous one starts a new run instead of extending an old one.
  const runStart = new Date(Date.now() - WRONG_PASSWORD_LOCK_MINUTES * 60_000).toISOString();
  await db
    .update(users)
    .set({
      failedLogins: sql`case when ${users.lastFailedLoginAt} > ${runStart} then ${users.failedLogins} + 1 else 1 end`,
      lastFailedLoginAt: sql`now()`,
    })
    .where(eq(users.id, userId));
}

/**
 * POST /api/login: a session for an active account; for one not yet activated, a fresh code
 * (unless one went out in the last 60 s) and the 202 activation step.
 */
export async function logIn(deps: AppDeps, input: LogInInput): Promise<LogInResult> {
  const { db } = deps;
  const [user] = await db.select().from(users).where(eq(users.email, input.email)).limit(1);
  if (!user) {
    await verifyPassword(await timingDecoy(), input.password);
    throw invalidCredentials();
  }
  if (isLockedOut(user)) {
    throw new AppError("rate_limited", "auth.tooManyWrongPasswords", { minutes: WRONG_PASSWORD_LOCK_MINUTES });
  }
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    await countWrongPassword(db, user.id);
    throw invalidCredentials();
  }
  if (user.failedLogins > 0) await db.update(users).set({ failedLogins: 0, lastFailedLoginAt: null }).where(eq(users.id, user.id));
  // Told only to whoever knows the password.
  if (user.deletedAt) throw forbidden("auth.accountDeleted");
  if (user.bannedAt) throw forbidden("auth.accountBanned");
  if (!user.activatedAt) {
    if ((await resendWaitSeconds(db, user.id, "activation")) === 0) {
      const code = await issueCode(db, user.id, "activation");
      await sendCodeMail(deps, user, "activation", code);
    }
    return { kind: "needsActivation", userId: user.id };
  }
  const { token, expiresAt } = await createSession(db, user.id, input.remember);
  return { kind: "signedIn", token, expiresAt, user: toSessionUser(user) };
}
