/**
 * One-time 6-digit codes for activation and password reset (DESIGN.md §5): stored hashed, valid
 * for 15 minutes, one live code per purpose, and five wrong tries void it.
 */
import crypto from "node:crypto";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { accountCodes } from "../../db/schema";
import { TIMINGS } from "@core/constants";

export type CodePurpose = "activation" | "reset";

export const MAX_CODE_ATTEMPTS = 5;

/** Salted by user and purpose, so one leaked hash says nothing about another account's code. */
const hashCode = (userId: string, purpose: CodePurpose, code: string) =>
  crypto.createHash("sha256").update(`${purpose}:${userId}:${code}`).digest("hex");

/** Issues a fresh code (voiding any earlier one of that purpose) and returns it in clear, for the e-mail. */
export async function issueCode(db: DbOrTx, userId: string, purpose: CodePurpose): Promise<string> {
  const code = crypto.randomInt(0, 1_000_000).toString().padStart(6, "0");
  await db
    .update(accountCodes)
    .set({ consumedAt: new Date() })
    .where(and(eq(accountCodes.userId, userId), eq(accountCodes.purpose, purpose), isNull(accountCodes.consumedAt)));
  await db.insert(accountCodes).values({
    userId,
    purpose,
    codeHash: hashCode(userId, purpose, code),
    expiresAt: new Date(Date.now() + TIMINGS.codeTtlMinutes * 60_000),
  });
  return code;
}

/** When the newest code of that purpose was issued (for the 60 s resend lock), or null. */
export async function lastCodeIssuedAt(db: DbOrTx, userId: string, purpose: CodePurpose): Promise<Date | null> {
  const [row] = await db
    .select({ createdAt: accountCodes.createdAt })
    .from(accountCodes)
    .where(and(eq(accountCodes.userId, userId), eq(accountCodes.purpose, purpose)))
    .orderBy(desc(accountCodes.createdAt))
    .limit(1);
  return row?.createdAt ?? null;
}

/** Seconds left before another code may be sent; 0 when one may go now. */
export async function resendWaitSeconds(db: DbOrTx, userId: string, purpose: CodePurpose): Promise<number> {
  const last = await lastCodeIssuedAt(db, userId, purpose);
  if (!last) return 0;
  const elapsed = Date.now() - last.getTime();
  return Math.max(0, Math.ceil((TIMINGS.resendCodeSeconds * 1000 - elapsed) / 1000));
}

/**
 * Checks a code against the live one. A wrong code counts an attempt; the fifth voids the code.
 * With `consume`, a right code is used up (activation, the final reset step).
 */
export async function verifyCode(
  db: DbOrTx,
  userId: string,
  purpose: CodePurpose,
  code: string,
  { consume }: { consume: boolean },
): Promise<boolean> {
  const [live] = await db
    .select()
    .from(accountCodes)
    .where(and(eq(accountCodes.userId, userId), eq(accountCodes.purpose, purpose), isNull(accountCodes.consumedAt)))
    .orderBy(desc(accountCodes.createdAt))
    .limit(1);
  if (!live || live.expiresAt.getTime() <= Date.now() || live.attempts >= MAX_CODE_ATTEMPTS) return false;
  const given = Buffer.from(hashCode(userId, purpose, code));
  const stored = Buffer.from(live.codeHash);
  const matches = given.length === stored.length && crypto.timingSafeEqual(given, stored);
  if (!matches) {
    // Counted in SQL, so parallel guesses cannot share one attempt.
    await db
      .update(accountCodes)
      .set({
        attempts: sql`${accountCodes.attempts} + 1`,
        consumedAt: sql`case when ${accountCodes.attempts} + 1 >= ${MAX_CODE_ATTEMPTS} then now() else null end`,
      })
      .where(eq(accountCodes.id, live.id));
    return false;
  }
  if (consume) await db.update(accountCodes).set({ consumedAt: new Date() }).where(eq(accountCodes.id, live.id));
  return true;
}
