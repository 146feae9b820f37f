/**
 * Who may pay cash on delivery, and for how much (issue 16, docs/decisions/291, 292): a blocked
 * phone or e-mail may not (403); an order total above COD_MAX_TOTAL may not (400); and a phone,
 * e-mail or account with COD_OPEN_LIMIT orders still awaiting confirmation must confirm one first
 * (409). Each answer carries `cod` ("blocked", "over-max", "open-limit") for the checkout to
 * show it beside the order button. The open-order count runs inside the order's transaction under advisory locks on those
 * keys, so parallel orders from one customer are counted one after the other.
 */
import { and, eq, or, sql } from "drizzle-orm";
import { emailKey, phoneKey } from "@core/contact-keys";
import { formatEgp, type Piastres } from "@core/pricing";
import type { Lang } from "@core/constants";
import type { Config } from "../../config";
import type { DbOrTx } from "../../db/client";
import { orders, users } from "../../db/schema";
import { AppError } from "../../errors";
import { blockedKeys } from "./blocks";

export interface CodCustomer {
  phone: string;
  email: string;
  userId: string | null;
}

export interface CodKeys {
  phone: string;
  emails: string[];
  userId: string | null;
}

/** The keys one order is known by: its phone, its e-mail and, signed in, the account and its e-mail. */
export async function codKeysOf(db: DbOrTx, c: CodCustomer): Promise<CodKeys> {
  const emails = [emailKey(c.email)];
  if (c.userId) {
    const [u] = await db.select({ email: users.email }).from(users).where(eq(users.id, c.userId));
    if (u) emails.push(emailKey(u.email));
  }
  return { phone: phoneKey(c.phone), emails: [...new Set(emails)], userId: c.userId };
}

/** 403 for a blocked phone or e-mail. Before anything is locked: it does not depend on the order. */
export async function assertNotBlocked(db: DbOrTx, keys: CodKeys): Promise<void> {
  const blocked = await blockedKeys(db, { phones: [keys.phone], emails: keys.emails });
  if (blocked.phones.size || blocked.emails.size)
    throw new AppError("forbidden", "customers.blockedCod", undefined, { cod: "blocked" });
}

/** 400 when the order's total (shipping and the COD fee included) is above COD_MAX_TOTAL. */
export function assertWithinCodMax(config: Config, total: Piastres, lang: Lang): void {
  const max = config.cod.maxTotalPiastres;
  if (max !== null && total > max)
    throw new AppError("bad_input", "customers.overCodMax", { max: formatEgp(max, lang) }, { cod: "over-max" });
}

/**
 * Inside the order's transaction, before it inserts: waits for any other order of the same phone,
 * e-mail or account to commit (transaction-scoped advisory locks, taken in one sorted order so two
 * orders never wait on each other), then counts that customer's orders still awaiting confirmation.
 */
export async function assertUnderOpenLimit(tx: DbOrTx, config: Config, keys: CodKeys): Promise<void> {
  const lockNames = [
    `cod-open:phone:${keys.phone}`,
    ...keys.emails.map((e) => `cod-open:email:${e}`),
    ...(keys.userId ? [`cod-open:user:${keys.userId}`] : []),
  ].sort();
  for (const name of lockNames) await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${name}, 0))`);
  const [{ open }] = await tx
    .select({ open: sql<number>`count(*)::int` })
    .from(orders)
    .where(
      and(
        eq(orders.confirmation, "pending"),
        eq(orders.status, "Processing"),
        or(
          eq(orders.phoneKey, keys.phone),
          ...keys.emails.map((e) => eq(orders.email, e)),
          keys.userId ? eq(orders.userId, keys.userId) : undefined,
        ),
      ),
    );
  if (open >= config.COD_OPEN_LIMIT)
    throw new AppError("conflict", "customers.openLimit", { n: config.COD_OPEN_LIMIT }, { cod: "open-limit" });
}
