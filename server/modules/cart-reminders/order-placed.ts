/**
 * Called in the order's own transaction (an order hook: server/modules/orders/placed-hooks.ts): an order placed by
 * a reminded customer or address within COMEBACK_DAYS of the reminder counts that reminder as "came
 * back" (docs/decisions/302), and the saved carts of that customer and address are forgotten, so
 * nobody is reminded of a bag they bought.
 */
import { and, eq, isNull, or, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { cartReminderSends, cartReminders } from "../../db/schema";

export const COMEBACK_DAYS = 7;

export async function noteOrderForReminders(
  tx: DbOrTx,
  order: { orderId: string; userId: string | null; email: string },
): Promise<void> {
  const email = order.email.toLowerCase();
  const whose = order.userId
    ? or(eq(cartReminderSends.userId, order.userId), eq(cartReminderSends.email, email))
    : eq(cartReminderSends.email, email);
  // The latest reminder only: one order brings back one cart.
  await tx.execute(sql`
    update ${cartReminderSends}
    set came_back_at = now(), order_id = ${order.orderId}
    where id = (
      select id from ${cartReminderSends}
      where ${and(whose, isNull(cartReminderSends.cameBackAt), sql`${cartReminderSends.sentAt} > now() - make_interval(days => ${COMEBACK_DAYS})`)}
      order by sent_at desc
      limit 1
    )`);
  await tx
    .delete(cartReminders)
    .where(
      order.userId
        ? or(
            eq(cartReminders.userId, order.userId),
            and(isNull(cartReminders.userId), sql`lower(${cartReminders.email}) = ${email}`),
          )
        : and(isNull(cartReminders.userId), sql`lower(${cartReminders.email}) = ${email}`),
    );
}
