/**
 * One-time 6-digit codes for activation and password reset (DESIGN.md §5): stored as a keyed HMAC,
 * valid for 15 minutes, one live code per purpose, and five tries per code, however parallel.
 */
import { and, desc, eq, gt, isNull, lt, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client";
import { accountCodes, users } from "../../db/schema";
import { TIMINGS } from "@core/constants";
import { CODE_SECRET_NAME, MAX_CODE_ATTEMPTS, guessCode, hashCode, newCode } from "../../security/one-time-code";

export type CodePurpose = "activation" | "reset";

export { CODE_SECRET_NAME, MAX_CODE_ATTEMPTS };

const saltOf = (userId: string, purpose: CodePurpose) => `${purpose}:${userId}`;

/** Issues a fresh code (voiding any earlier one of that purpose) and returns it in clear, for the e-mail. */
export async function issueCode(db: DbOrTx, userId: string, purpose: CodePurpose): Promise<string> {
  const code = newCode();
  await db
    .update(accountCodes)
    .set({ consumedAt: new Date() })
    .where(and(eq(accountCodes.userId, userId), eq(accountCodes.purpose, purpose), isNull(accountCodes.consumedAt)));
  await db.insert(accountCodes).values({
    userId,
    purpose,
    codeHash: await hashCode(db, saltOf(userId, purpose), code),
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
 * Issues a code unless one of that purpose went out in the last 60 s, one request at a time per
 * account (the user row is locked for the check and the insert), so a hundred parallel resends send
 * one e-mail, not a hundred. The code in clear, or the seconds left to wait.
 */
export async function issueCodeUnlessRecent(
  db: Db,
  userId: string,
  purpose: CodePurpose,
): Promise<{ code: string; waitSeconds: 0 } | { code: null; waitSeconds: number }> {
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
    const waitSeconds = await resendWaitSeconds(tx, userId, purpose);
    if (waitSeconds > 0) return { code: null, waitSeconds };
    return { code: await issueCode(tx, userId, purpose), waitSeconds: 0 };
  });
}

/**
 * Checks a code against the live one, at most five times per code however many guesses arrive at
 * once: each guess first reserves a try in one conditional UPDATE (row-locked, so parallel guesses
 * queue and the sixth finds `attempts < 5` false), and only a reserved guess is compared. A right
 * code gives its try back (whoever has it needs no more guessing). With `consume`, the right code is
 * used up by a second conditional UPDATE, so of racing right answers exactly one wins.
 */
export async function verifyCode(
  db: DbOrTx,
  userId: string,
  purpose: CodePurpose,
  code: string,
  { consume }: { consume: boolean },
): Promise<boolean> {
  const [live] = await db
    .select({ id: accountCodes.id })
    .from(accountCodes)
    .where(and(eq(accountCodes.userId, userId), eq(accountCodes.purpose, purpose), isNull(accountCodes.consumedAt)))
    .orderBy(desc(accountCodes.createdAt))
    .limit(1);
  if (!live) return false;
  const guess = await guessCode(db, saltOf(userId, purpose), code, async () => {
    const [reserved] = await db
      .update(accountCodes)
      .set({ attempts: sql`${accountCodes.attempts} + 1` })
      .where(
        and(
          eq(accountCodes.id, live.id),
          isNull(accountCodes.consumedAt),
          lt(accountCodes.attempts, MAX_CODE_ATTEMPTS),
          gt(accountCodes.expiresAt, sql`now()`),
        ),
      )
      .returning({ codeHash: accountCodes.codeHash });
    return reserved?.codeHash;
  });
  if (guess !== "right") return false;
  const giveBack = { attempts: sql`${accountCodes.attempts} - 1` };
  if (!consume) {
    await db.update(accountCodes).set(giveBack).where(eq(accountCodes.id, live.id));
    return true;
  }
  const [used] = await db
    .update(accountCodes)
    .set({ ...giveBack, consumedAt: sql`now()` })
    .where(and(eq(accountCodes.id, live.id), isNull(accountCodes.consumedAt)))
    .returning({ id: accountCodes.id });
  return Boolean(used);
}
