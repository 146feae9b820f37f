/**
 * The scan (docs/decisions/300): finds carts untouched for CART_REMINDER_HOURS and queues one
 * reminder e-mail each. It runs as a job keyed by its time slot, so one process runs it per slot;
 * and even two scans at once (two workers, two slots overdue) cannot send twice: the due rows are
 * claimed with one UPDATE … FOR UPDATE SKIP LOCKED that marks them reminded, and the address gate
 * is a conditional upsert, so each cart and each address is taken by one scan only. The e-mails are
 * mail jobs written in the claiming transaction: reminded exactly when queued.
 */
import { eq, sql } from "drizzle-orm";
import type { Lang } from "@core/constants";
import type { AppDeps } from "../../deps";
import type { DbOrTx } from "../../db/client";
import { cartReminderSends, cartReminders, reminderAddresses, users, type ReminderLine } from "../../db/schema";
import { userLines, withProducts } from "./bag";
import { reminderEmail, restoreUrl, unsubscribeApiUrl, unsubscribePageUrl } from "./reminder-email";
import { SCAN_JOB, scheduleScan } from "./saved-carts";
import { signingKey, unsubscribeTokenFor } from "./tokens";

/** At most one reminder per address in this many days, whoever saved the bag (decision 300). */
export const ADDRESS_WINDOW_DAYS = 7;
/** A saved cart not touched for this long is forgotten, and its restore link with it. */
export const KEEP_DAYS = 30;
const BATCH = 50;

interface DueRow {
  id: string;
  token: string;
  user_id: string | null;
  email: string | null;
  lang: Lang;
  items: ReminderLine[] | null;
}

/** Takes the address for this reminder, or answers false: unsubscribed, or reminded within the window. */
async function takeAddress(tx: DbOrTx, email: string): Promise<boolean> {
  const result = await tx.execute(sql`
    insert into ${reminderAddresses} (email, last_sent_at) values (${email}, now())
    on conflict (email) do update set last_sent_at = now()
    where ${reminderAddresses.unsubscribedAt} is null
      and (${reminderAddresses.lastSentAt} is null
           or ${reminderAddresses.lastSentAt} < now() - make_interval(days => ${ADDRESS_WINDOW_DAYS}))
    returning email`);
  return (result as unknown as { rows: unknown[] }).rows.length > 0;
}

interface Reminder {
  row: DueRow;
  email: string;
  lang: Lang;
  lines: ReminderLine[];
}

/** Who a claimed cart goes to, in which language, with which lines (read only: nothing locked). */
async function resolve(tx: DbOrTx, row: DueRow): Promise<Reminder | null> {
  if (!row.user_id) return row.email ? { row, email: row.email, lang: row.lang, lines: row.items ?? [] } : null;
  const [user] = await tx.select({ email: users.email, lang: users.lang }).from(users).where(eq(users.id, row.user_id));
  if (!user) return null;
  return { row, email: user.email, lang: (user.lang ?? "en") as Lang, lines: await userLines(tx, row.user_id) };
}

/** Queues one reminder's e-mail in `tx`, or nothing when there is nothing (or nobody) to remind. */
async function remind(deps: AppDeps, tx: DbOrTx, key: Buffer, r: Reminder): Promise<boolean> {
  const bag = await withProducts(tx, r.lines);
  if (bag.length === 0) return false;
  const address = r.email.toLowerCase();
  if (!(await takeAddress(tx, address))) return false;
  await tx.insert(cartReminderSends).values({ userId: r.row.user_id, email: address });
  const base = deps.config.PUBLIC_URL;
  const unsubscribe = unsubscribeTokenFor(key, address);
  const content = reminderEmail(r.lang, bag, {
    restore: restoreUrl(base, r.row.token),
    unsubscribe: unsubscribePageUrl(base, unsubscribe),
  });
  await deps.mailer.send(
    {
      to: r.email,
      ...content,
      headers: {
        "List-Unsubscribe": `<${unsubscribeApiUrl(base, unsubscribe)}>`,
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      },
    },
    { db: tx },
  );
  return true;
}

/**
 * Claims and reminds every due cart, `batch` per transaction; answers how many e-mails were queued.
 * Within a batch the address gates are taken in address order, so two scans at once wait on each
 * other's gates in one order and never deadlock.
 */
export async function sendDueReminders(deps: AppDeps, batch = BATCH): Promise<number> {
  const dueSeconds = Math.round(deps.config.CART_REMINDER_HOURS * 3600);
  // Before any transaction: PGlite's one connection could not read it while one is open.
  const key = await signingKey(deps.db);
  let sent = 0;
  for (;;) {
    const { claimed, queued } = await deps.db.transaction(async (tx) => {
      const result = await tx.execute(sql`
        update ${cartReminders} set reminded_at = now()
        where id in (
          select id from ${cartReminders}
          where reminded_at is null and touched_at <= now() - make_interval(secs => ${dueSeconds})
          order by touched_at
          limit ${batch}
          for update skip locked
        )
        returning id, token, user_id, email, lang, items`);
      const rows = (result as unknown as { rows: DueRow[] }).rows;
      const reminders: Reminder[] = [];
      for (const row of rows) {
        const r = await resolve(tx, row);
        if (r) reminders.push(r);
      }
      reminders.sort((a, b) => (a.email.toLowerCase() < b.email.toLowerCase() ? -1 : 1));
      let n = 0;
      for (const r of reminders) if (await remind(deps, tx, key, r)) n++;
      return { claimed: rows.length, queued: n };
    });
    sent += queued;
    if (claimed < batch) break;
  }
  await deps.db
    .delete(cartReminders)
    .where(sql`${cartReminders.touchedAt} < now() - make_interval(days => ${KEEP_DAYS})`);
  // The carts not due yet: the scan of the slot when the first of them falls due.
  const [next] = await deps.db
    .select({ first: sql<string | null>`min(${cartReminders.touchedAt})` })
    .from(cartReminders)
    .where(sql`${cartReminders.remindedAt} is null`);
  if (next?.first) await scheduleScan(deps, deps.db, new Date(next.first).getTime());
  return sent;
}

export function registerReminderJobs(deps: AppDeps) {
  deps.jobs.handle(SCAN_JOB, async () => {
    await sendDueReminders(deps);
  });
}
