import { eq } from "drizzle-orm";
import type { LogInInput } from "@core/validation/accounts";
import type { AppDeps } from "../../deps";
import { users } from "../../db/schema";
import { AppError, forbidden } from "../../errors";
import { hashPassword, verifyPassword } from "./passwords";
import { createSession, toSessionUser, type SessionUser } from "./sessions";
import { issueCodeUnlessRecent } from "./codes";
import { sendCodeMail } from "./account-mail";
import { WRONG_PASSWORD_LOCK_MINUTES, clientKey, recordLoginSuccess, reserveLoginTry } from "./login-throttle";

export { MAX_WRONG_PASSWORDS, WRONG_PASSWORD_LOCK_MINUTES } from "./login-throttle";

export type LogInResult =
  | { kind: "signedIn"; token: string; expiresAt: Date; user: SessionUser }
  | { kind: "needsActivation"; userId: string };

const invalidCredentials = () => new AppError("unauthenticated", "auth.invalidCredentials");

// Unknown addresses still pay for one Argon2 verification, so timing does not reveal which exist.
let dummyHash: Promise<string> | undefined;
const timingDecoy = () => (dummyHash ??= hashPassword("not-a-real-password"));

/**
 * POST /api/login: a session for an active account; for one not yet activated, a fresh code
 * (unless one went out in the last 60 s) and the 202 activation step.
 */
export async function logIn(deps: AppDeps, input: LogInInput, client: { ip: string }): Promise<LogInResult> {
  const { db } = deps;
  const [user] = await db.select().from(users).where(eq(users.email, input.email)).limit(1);
  if (!user) {
    await verifyPassword(await timingDecoy(), input.password);
    throw invalidCredentials();
  }
  // Counted before the compare: a guess while locked out learns nothing, and parallel guesses queue.
  const key = clientKey(client.ip);
  const reservation = await reserveLoginTry(db, user.id, key);
  if (!reservation.ok) {
    throw new AppError("rate_limited", "auth.tooManyWrongPasswords", { minutes: WRONG_PASSWORD_LOCK_MINUTES });
  }
  if (!(await verifyPassword(user.passwordHash, input.password))) throw invalidCredentials();
  await recordLoginSuccess(db, user.id, key);
  // Told only to whoever knows the password.
  if (user.deletedAt) throw forbidden("auth.accountDeleted");
  if (user.bannedAt) throw forbidden("auth.accountBanned");
  if (!user.activatedAt) {
    const { code } = await issueCodeUnlessRecent(db, user.id, "activation");
    if (code !== null) await sendCodeMail(deps, user, "activation", code);
    return { kind: "needsActivation", userId: user.id };
  }
  const { token, expiresAt } = await createSession(db, user.id, input.remember);
  return { kind: "signedIn", token, expiresAt, user: toSessionUser(user) };
}
