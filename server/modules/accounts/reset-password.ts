import { eq } from "drizzle-orm";
import type { AppDeps } from "../../deps";
import { users } from "../../db/schema";
import { badInput } from "../../errors";
import { hashPassword } from "./passwords";
import { revokeAllSessions } from "./sessions";
import { issueCodeUnlessRecent, verifyCode } from "./codes";
import { sendCodeMail } from "./account-mail";
import { clearLoginCounts } from "./login-throttle";
import { runAfterReply } from "./after-reply";

async function resettableUser(deps: AppDeps, email: string) {
  const [user] = await deps.db.select().from(users).where(eq(users.email, email)).limit(1);
  return user && !user.deletedAt && !user.bannedAt ? user : null;
}

/**
 * POST /api/checkemail: e-mails a reset code when the address has an account. The caller learns
 * nothing either way: the answer is the same, a repeat within 60 s quietly sends nothing, and the
 * lookup, the code and the e-mail all happen after the answer, so it takes as long for a real
 * account as for an unknown address (a slow mail server used to show which addresses exist).
 */
export function requestPasswordReset(deps: AppDeps, input: { email: string }) {
  runAfterReply(deps.log, "password reset e-mail", async () => {
    const user = await resettableUser(deps, input.email);
    if (!user) return;
    const { code } = await issueCodeUnlessRecent(deps.db, user.id, "reset");
    if (code !== null) await sendCodeMail(deps, user, "reset", code);
  });
  return { messageKey: "auth.resetCodeSent" };
}

/** POST /api/checktoken: is this the live code? A wrong one counts toward the five tries. */
export async function checkResetCode(deps: AppDeps, input: { email: string; token: string }) {
  const user = await resettableUser(deps, input.email);
  if (!user || !(await verifyCode(deps.db, user.id, "reset", input.token, { consume: false }))) {
    throw badInput("auth.codeInvalid");
  }
  return { messageKey: "auth.codeValid" };
}

/**
 * POST /api/resetpassword: only with the valid code; sets the password and ends every session.
 * The code arrived by e-mail, so it also proves the address: an inactive account becomes active.
 */
export async function resetPassword(deps: AppDeps, input: { email: string; token: string; password: string }) {
  const user = await resettableUser(deps, input.email);
  if (!user || !(await verifyCode(deps.db, user.id, "reset", input.token, { consume: true }))) {
    throw badInput("auth.codeInvalid");
  }
  const passwordHash = await hashPassword(input.password);
  await deps.db
    .update(users)
    .set({ passwordHash, activatedAt: user.activatedAt ?? new Date(), updatedAt: new Date() })
    .where(eq(users.id, user.id));
  await clearLoginCounts(deps.db, user.id);
  await revokeAllSessions(deps.db, user.id);
  return { messageKey: "auth.passwordReset" };
}
