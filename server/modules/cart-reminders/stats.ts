/**
 * What staff see (issue 16): reminders sent and carts that came back (an order by the reminded
 * customer or address within COMEBACK_DAYS of the reminder, decision 302), over the last 30 days
 * and in all.
 */
import { z } from "zod";
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { cartReminderSends } from "../../db/schema";
import { COMEBACK_DAYS } from "./order-placed";

export const STATS_DAYS = 30;

export const reminderStatsDto = z.object({
  days: z.number(),
  comebackDays: z.number(),
  sent: z.number(),
  cameBack: z.number(),
  sentAllTime: z.number(),
  cameBackAllTime: z.number(),
});
export type ReminderStats = z.infer<typeof reminderStatsDto>;

export async function reminderStats(db: DbOrTx): Promise<ReminderStats> {
  const recent = sql`${cartReminderSends.sentAt} > now() - make_interval(days => ${STATS_DAYS})`;
  const back = sql`${cartReminderSends.cameBackAt} is not null`;
  const [row] = await db
    .select({
      sent: sql<number>`count(*) filter (where ${recent})`.mapWith(Number),
      cameBack: sql<number>`count(*) filter (where ${recent} and ${back})`.mapWith(Number),
      sentAllTime: sql<number>`count(*)`.mapWith(Number),
      cameBackAllTime: sql<number>`count(*) filter (where ${back})`.mapWith(Number),
    })
    .from(cartReminderSends);
  return {
    days: STATS_DAYS,
    comebackDays: COMEBACK_DAYS,
    sent: row?.sent ?? 0,
    cameBack: row?.cameBack ?? 0,
    sentAllTime: row?.sentAllTime ?? 0,
    cameBackAllTime: row?.cameBackAllTime ?? 0,
  };
}
