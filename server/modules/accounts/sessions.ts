import crypto from "node:crypto";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { preparedPerDatabase } from "../../db/prepared";
import type { Db, DbOrTx } from "../../db/client";
import { sessions, users } from "../../db/schema";
import { TIMINGS } from "@core/constants";

/** The signed-in user as the rest of the app sees it: never the password hash. */
import type { SessionUser } from "./accounts-dto";

export type { SessionUser };

export const hashToken = (token: string) => crypto.createHash("sha256").update(token).digest("hex");

export function sessionLifetimeMs(remember: boolean): number {
  return remember ? TIMINGS.sessionLongDays * 24 * 3600_000 : TIMINGS.sessionShortHours * 3600_000;
}

export async function createSession(db: Db, userId: string, remember: boolean) {
  const token = crypto.randomBytes(32).toString("base64url");
  const expiresAt = new Date(Date.now() + sessionLifetimeMs(remember));
  await db.insert(sessions).values({ tokenHash: hashToken(token), userId, expiresAt });
  return { token, expiresAt };
}

/** A session counts only while it is unexpired and its user is neither banned nor deleted. */
const findSession = preparedPerDatabase((db) =>
  db
    .select({ user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder("tokenHash")),
        gt(sessions.expiresAt, sql`now()`),
        isNull(users.bannedAt),
        isNull(users.deletedAt),
      ),
    )
    .limit(1)
    .prepare("session_user"),
);

/** The signed-in user behind a session token (every signed-in request asks). */
export async function resolveSession(db: Db, token: string): Promise<SessionUser | null> {
  if (!token || token.length > 200) return null;
  const [row] = await findSession(db).execute({ tokenHash: hashToken(token) });
  return row ? toSessionUser(row.user) : null;
}

export function toSessionUser(u: typeof users.$inferSelect): SessionUser {
  return {
    _id: u.id,
    firstName: u.firstName,
    lastName: u.lastName,
    email: u.email,
    phone: u.phone,
    profileImage: u.profileImage,
    role: u.role,
    lang: u.lang,
    theme: u.theme,
    hasPassword: u.passwordHash !== null,
    suspended: { status: u.bannedAt !== null },
  };
}

export async function revokeSession(db: Db, token: string) {
  await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
}

/** Ends every session of a user at once: ban, deletion, password change or reset. */
export async function revokeAllSessions(db: DbOrTx, userId: string) {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}
