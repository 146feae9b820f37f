/**
 * Unsubscribing from cart reminders (docs/decisions/301): by the signed token of the e-mail's link,
 * without signing in. Idempotent: the first time is kept, later ones change nothing. An
 * unsubscribed address is refused by the address gate of every later reminder.
 */
import { eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { reminderAddresses } from "../../db/schema";
import { badInput } from "../../errors";
import { verifyUnsubscribeToken } from "./tokens";

export async function unsubscribe(db: DbOrTx, token: string): Promise<string> {
  const email = await verifyUnsubscribeToken(db, token);
  if (!email) throw badInput("reminders.linkInvalid");
  await db
    .insert(reminderAddresses)
    .values({ email, unsubscribedAt: sql`now()` })
    .onConflictDoUpdate({
      target: reminderAddresses.email,
      set: { unsubscribedAt: sql`coalesce(${reminderAddresses.unsubscribedAt}, now())` },
    });
  return email;
}

/** For the confirmation page: whose link this is, and whether they are already off the list. */
export async function unsubscribeStatus(db: DbOrTx, token: string) {
  const email = await verifyUnsubscribeToken(db, token);
  if (!email) return null;
  const [row] = await db
    .select({ at: reminderAddresses.unsubscribedAt })
    .from(reminderAddresses)
    .where(eq(reminderAddresses.email, email));
  return { email, unsubscribed: Boolean(row?.at) };
}
