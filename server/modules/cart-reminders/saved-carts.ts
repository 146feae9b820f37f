/**
 * The carts that may be reminded about (docs/decisions/300): a signed-in customer's cart is
 * "touched" by each of their cart writes; a guest's bag is saved by the checkout page when they
 * tick the reminder box. Each touch re-arms the reminder (a changed cart is a new abandonment) and
 * makes sure a scan is scheduled for when it falls due.
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Lang } from "@core/constants";
import type { GuestReminderInput } from "@core/validation/cart-reminders";
import type { AppDeps } from "../../deps";
import type { DbOrTx } from "../../db/client";
import { cartReminders } from "../../db/schema";
import { newReminderToken } from "./tokens";

export const SCAN_JOB = "cart-reminders.scan";

/**
 * Schedules the scan of the slot in which something touched at `dueFromMs` falls due, and never in
 * the current slot (whose job may be the one running now). Scans are keyed by their slot, so every
 * process and every touch in one slot share one job: a scan runs once per slot at most.
 */
export async function scheduleScan(deps: AppDeps, db: DbOrTx, touchedAtMs = Date.now()) {
  const slotMs = deps.config.CART_REMINDER_SCAN_SECONDS * 1000;
  const dueMs = touchedAtMs + deps.config.CART_REMINDER_HOURS * 3_600_000;
  const slot = Math.max(Math.ceil(dueMs / slotMs), Math.floor(Date.now() / slotMs) + 1) * slotMs;
  await deps.jobs.enqueue(db, {
    kind: SCAN_JOB,
    payload: {},
    runAt: new Date(slot),
    uniqueKey: `${SCAN_JOB}:${slot}`,
  });
}

/** After every cart write of a signed-in customer: the cart is fresh again, so the reminder re-arms. */
export async function touchUserCart(deps: AppDeps, userId: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await tx
      .insert(cartReminders)
      .values({ userId, token: newReminderToken() })
      .onConflictDoUpdate({
        target: cartReminders.userId,
        targetWhere: sql`${cartReminders.userId} is not null`,
        set: { touchedAt: sql`now()`, remindedAt: null },
      });
    await scheduleScan(deps, tx);
  });
}

/**
 * A guest's bag with the address they entered (PUT /api/cart-reminders/guest). The first save
 * creates a row and answers its random token; the browser sends it back with later saves, which
 * update that row only. Without the token a save never touches another's row, so nobody can learn
 * or change a stranger's bag by typing their address.
 */
export async function saveGuestReminder(deps: AppDeps, input: GuestReminderInput, lang: Lang): Promise<string> {
  const email = input.email.toLowerCase();
  const items = input.lines.map(({ productId, quantity, size, color }) => ({ productId, quantity, size, color }));
  return deps.db.transaction(async (tx) => {
    let token: string | undefined;
    if (input.token) {
      const [row] = await tx
        .update(cartReminders)
        .set({ email, lang, items, touchedAt: sql`now()`, remindedAt: null })
        .where(and(eq(cartReminders.token, input.token), isNull(cartReminders.userId)))
        .returning({ token: cartReminders.token });
      token = row?.token;
    }
    if (!token) {
      token = newReminderToken();
      await tx.insert(cartReminders).values({ token, email, lang, items });
    }
    await scheduleScan(deps, tx);
    return token;
  });
}

/** The guest unticked the box: their saved bag is forgotten. Unknown tokens are no error (nothing to learn). */
export async function dropGuestReminder(db: DbOrTx, token: string): Promise<void> {
  await db.delete(cartReminders).where(and(eq(cartReminders.token, token), isNull(cartReminders.userId)));
}
