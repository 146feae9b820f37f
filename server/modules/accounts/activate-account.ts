import { eq } from "drizzle-orm";
import type { AppDeps } from "../../deps";
import { users } from "../../db/schema";
import { AppError, badInput, conflict, notFound } from "../../errors";
import { issueCodeUnlessRecent, verifyCode } from "./codes";
import { sendCodeMail } from "./account-mail";

async function findUser(deps: AppDeps, userId: string) {
  const [user] = await deps.db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user || user.deletedAt) throw notFound("auth.accountNotFound");
  return user;
}

/** POST /api/activateUser: the right code (within 15 minutes, under five tries) activates the account. */
export async function activateAccount(deps: AppDeps, input: { userId: string; activationCode: string }) {
  const user = await findUser(deps, input.userId);
  if (user.activatedAt) return { messageKey: "auth.alreadyActivated" };
  if (!(await verifyCode(deps.db, user.id, "activation", input.activationCode, { consume: true }))) {
    throw badInput("auth.codeInvalid");
  }
  await deps.db.update(users).set({ activatedAt: new Date(), updatedAt: new Date() }).where(eq(users.id, user.id));
  return { messageKey: "auth.activated" };
}

/** POST /api/resendActivationCode: a new code, at most one a minute (429 otherwise). */
export async function resendActivationCode(deps: AppDeps, input: { userId: string }) {
  const user = await findUser(deps, input.userId);
  if (user.activatedAt) throw conflict("auth.alreadyActivated");
  const { code, waitSeconds: wait } = await issueCodeUnlessRecent(deps.db, user.id, "activation");
  if (code === null) throw new AppError("rate_limited", "auth.resendWait", { seconds: wait }, { retryAfter: wait });
  await sendCodeMail(deps, user, "activation", code);
  return { messageKey: "auth.codeResent" };
}
