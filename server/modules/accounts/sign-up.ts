import { eq } from "drizzle-orm";
import type { Lang, Theme } from "@core/constants";
import type { SignUpInput } from "@core/validation/accounts";
import type { AppDeps } from "../../deps";
import { users } from "../../db/schema";
import { conflict } from "../../errors";
import { hashPassword } from "./passwords";
import { issueCode } from "./codes";
import { sendCodeMail } from "./account-mail";

/** PostgreSQL's unique_violation, seen through either driver (Drizzle wraps it in `cause`). */
export function isUniqueViolation(e: unknown): boolean {
  for (
    let err = e as { code?: string; cause?: unknown } | undefined, i = 0;
    err && i < 4;
    err = err.cause as typeof err, i++
  ) {
    if (err.code === "23505") return true;
  }
  return false;
}

/**
 * Creates an inactive account and e-mails its 6-digit activation code (DESIGN.md §5). The
 * language and theme the visitor was using become the account's preferences.
 */
export async function signUp(deps: AppDeps, input: SignUpInput, prefs: { lang: Lang; theme: Theme }) {
  const { db } = deps;
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, input.email)).limit(1);
  if (existing) throw conflict("auth.emailTaken");
  const passwordHash = await hashPassword(input.password);
  let user: typeof users.$inferSelect;
  let code: string;
  try {
    ({ user, code } = await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(users)
        .values({
          firstName: input.firstName,
          lastName: input.lastName,
          email: input.email,
          phone: input.phone,
          passwordHash,
          lang: prefs.lang,
          theme: prefs.theme,
        })
        .returning();
      return { user: created, code: await issueCode(tx, created.id, "activation") };
    }));
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict("auth.emailTaken");
    throw e;
  }
  try {
    await sendCodeMail(deps, user, "activation", code);
  } catch (err) {
    // The account exists either way; signing in answers 202 and the dialog can resend the code.
    deps.log.error({ err, userId: user.id }, "activation e-mail failed");
  }
  return { userId: user.id };
}
