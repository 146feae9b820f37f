import { eq } from "drizzle-orm";
import type { Lang, Theme } from "@core/constants";
import type { UpdateProfileInput } from "@core/validation/accounts";
import type { AppDeps } from "../../deps";
import { users } from "../../db/schema";
import { AppError, badInput, unauthenticated } from "../../errors";
import { hashPassword, verifyPassword } from "./passwords";
import { revokeAllSessions, toSessionUser, type SessionUser } from "./sessions";
import { WRONG_PASSWORD_LOCK_MINUTES, clientKey, recordLoginSuccess, reserveLoginTry } from "./login-throttle";

/**
 * PUT /api/updateuser. Changing the password needs the current one on accounts that have one
 * (SPEC §5); accounts made through Google may set a first password. A new password ends every session.
 */
export async function updateProfile(deps: AppDeps, me: SessionUser, input: UpdateProfileInput, client: { ip: string }) {
  const [user] = await deps.db.select().from(users).where(eq(users.id, me._id)).limit(1);
  if (!user) throw unauthenticated();
  const changes: Partial<typeof users.$inferInsert> = {};
  if (input.firstName !== undefined) changes.firstName = input.firstName;
  if (input.lastName !== undefined) changes.lastName = input.lastName;
  if (input.phone !== undefined) changes.phone = input.phone;
  if (input.profileImage !== undefined) changes.profileImage = input.profileImage;
  const newPassword = input.newPassword || undefined;
  if (newPassword) {
    if (user.passwordHash) {
      if (!input.currentPassword) throw badInput("account.currentPasswordRequired");
      // A stolen session must not become a password oracle: the same per-address lock as sign-in.
      const key = clientKey(client.ip);
      if (!(await reserveLoginTry(deps.db, user.id, key)).ok) {
        throw new AppError("rate_limited", "auth.tooManyWrongPasswords", { minutes: WRONG_PASSWORD_LOCK_MINUTES });
      }
      if (!(await verifyPassword(user.passwordHash, input.currentPassword)))
        throw badInput("account.currentPasswordWrong");
      await recordLoginSuccess(deps.db, user.id, key);
    }
    changes.passwordHash = await hashPassword(newPassword);
  }
  const [updated] = await deps.db
    .update(users)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(users.id, user.id))
    .returning();
  if (newPassword) await revokeAllSessions(deps.db, user.id);
  return { user: toSessionUser(updated), passwordChanged: Boolean(newPassword) };
}

/** DELETE /api/delete/user: a soft delete (an admin can restore it); every session ends now. */
export async function deleteOwnAccount(deps: AppDeps, me: SessionUser) {
  await deps.db.update(users).set({ deletedAt: new Date(), updatedAt: new Date() }).where(eq(users.id, me._id));
  await revokeAllSessions(deps.db, me._id);
}

/** PUT /api/preferences: kept on the account for signed-in users; guests keep only their cookies. */
export async function updatePreferences(deps: AppDeps, me: SessionUser, input: { lang?: Lang; theme?: Theme }) {
  if (!input.lang && !input.theme) return;
  await deps.db
    .update(users)
    .set({
      ...(input.lang ? { lang: input.lang } : {}),
      ...(input.theme ? { theme: input.theme } : {}),
      updatedAt: new Date(),
    })
    .where(eq(users.id, me._id));
}
