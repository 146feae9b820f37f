/**
 * Wrong-password locks (decision 060), counted in SQL *before* the Argon2 compare, so a burst of
 * parallel guesses cannot all read "under five" and all be compared.
 *
 * - Per account AND client address: five wrong passwords in a row, each within 15 minutes of the
 *   last, lock that address out of that account for 15 minutes. A stranger locks only themselves.
 * - Per account, from every address: past ACCOUNT_WRONG_PASSWORD_CEILING wrong passwords in a run,
 *   only addresses that have signed in to the account before may still try, so a botnet spreading its
 *   guesses over many addresses is slowed without locking the owner out of their usual address.
 */
import { and, eq, isNull, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { loginThrottle, users } from "../../db/schema";

export const MAX_WRONG_PASSWORDS = 5;
export const WRONG_PASSWORD_LOCK_MINUTES = 15;
export const ACCOUNT_WRONG_PASSWORD_CEILING = 50;

const windowStart = () => sql`now() - make_interval(mins => ${WRONG_PASSWORD_LOCK_MINUTES})`;

/**
 * The key an address is counted under: an IPv4 address as it is, an IPv6 address by its /64 (one
 * customer line usually owns a whole /64, so counting single IPv6 addresses would count nothing).
 */
export function clientKey(ip: string | undefined): string {
  if (!ip) return "unknown";
  const v4 = ip.match(/^(?:::ffff:)?(\d{1,3}(?:\.\d{1,3}){3})$/i);
  if (v4) return v4[1];
  if (!ip.includes(":") || ip.length > 64) return ip.slice(0, 64);
  const [head, tail = ""] = ip.split("%")[0].toLowerCase().split("::");
  const left = head ? head.split(":") : [];
  const right = ip.includes("::") && tail ? tail.split(":") : [];
  const groups = ip.includes("::")
    ? [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill("0"), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}

export type Reservation = { ok: true; knownAddress: boolean } | { ok: false };

/**
 * Counts this try as a wrong password before it is checked. Refused (nothing counted) while the
 * address is locked out of the account, or while the account is past its ceiling and this address
 * has never signed in to it.
 */
export async function reserveLoginTry(db: Db, userId: string, key: string): Promise<Reservation> {
  const [pair] = await db
    .insert(loginThrottle)
    .values({ userId, clientKey: key, failures: 1, lastFailureAt: sql`now()` })
    .onConflictDoUpdate({
      target: [loginThrottle.userId, loginThrottle.clientKey],
      set: {
        failures: sql`case when ${loginThrottle.lastFailureAt} > ${windowStart()} then ${loginThrottle.failures} + 1 else 1 end`,
        lastFailureAt: sql`now()`,
      },
      setWhere: sql`not (${loginThrottle.failures} >= ${MAX_WRONG_PASSWORDS} and ${loginThrottle.lastFailureAt} > ${windowStart()})`,
    })
    .returning({ lastSuccessAt: loginThrottle.lastSuccessAt });
  if (!pair) return { ok: false };
  const knownAddress = pair.lastSuccessAt !== null;
  const [account] = await db
    .update(users)
    .set({
      failedLogins: sql`case when ${users.lastFailedLoginAt} > ${windowStart()} then ${users.failedLogins} + 1 else 1 end`,
      lastFailedLoginAt: sql`now()`,
    })
    .where(eq(users.id, userId))
    .returning({ failedLogins: users.failedLogins });
  if (!knownAddress && account && account.failedLogins > ACCOUNT_WRONG_PASSWORD_CEILING) return { ok: false };
  return { ok: true, knownAddress };
}

/**
 * The password was right: the try is given back and the address is remembered as the owner's. The
 * account's rows of strangers' addresses quiet for a day are dropped, so the table does not grow
 * with every address that ever guessed.
 */
export async function recordLoginSuccess(db: Db, userId: string, key: string) {
  await db
    .update(loginThrottle)
    .set({ failures: 0, lastFailureAt: null, lastSuccessAt: sql`now()` })
    .where(and(eq(loginThrottle.userId, userId), eq(loginThrottle.clientKey, key)));
  await db
    .delete(loginThrottle)
    .where(
      and(
        eq(loginThrottle.userId, userId),
        isNull(loginThrottle.lastSuccessAt),
        lt(loginThrottle.lastFailureAt, sql`now() - interval '1 day'`),
      ),
    );
  await db
    .update(users)
    .set({ failedLogins: sql`greatest(${users.failedLogins} - 1, 0)` })
    .where(eq(users.id, userId));
}

/** A password reset clears every count of the account (the known addresses stay known). */
export async function clearLoginCounts(db: Db, userId: string) {
  await db.update(loginThrottle).set({ failures: 0, lastFailureAt: null }).where(eq(loginThrottle.userId, userId));
  await db.update(users).set({ failedLogins: 0, lastFailedLoginAt: null }).where(eq(users.id, userId));
}
