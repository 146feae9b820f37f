import type { FastifyInstance } from "fastify";
import { translate } from "@core/i18n";
import { mountContract } from "../../http/operation";
import { rateLimit } from "../../http/rate-limit";
import { onOrderPlaced } from "../orders/placed-hooks";
import { cartRemindersContract } from "./contract";
import { noteOrderForReminders } from "./order-placed";
import { restoreBag } from "./restore";
import { dropGuestReminder, saveGuestReminder } from "./saved-carts";
import { registerReminderJobs } from "./send-due";
import { reminderStats } from "./stats";
import { unsubscribe } from "./unsubscribe";

export async function cartReminderRoutes(app: FastifyInstance) {
  const deps = app.deps;
  registerReminderJobs(deps);
  // In the order's transaction: nobody is reminded of a bag they bought (decision 302).
  onOrderPlaced(noteOrderForReminders);

  // RFC 8058: a mail client's one-click unsubscribe POSTs `List-Unsubscribe=One-Click` as a form.
  // Only this module's routes read forms, and a tiny one.
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit: 1024 },
    (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  mountContract(app, "cartReminders", cartRemindersContract, {
    saveGuestReminder: [
      async (req) => ({ token: await saveGuestReminder(deps, req.body, req.lang) }),
      // The page saves a few seconds after the bag or the address changes; more is a script.
      // A real bag is a few KB; the schema bounds every field as well.
      { config: { rateLimit: rateLimit(deps.config, 20) }, bodyLimit: 16 * 1024 },
    ],
    dropGuestReminder: [
      async (req) => {
        await dropGuestReminder(deps.db, req.params.token);
        return { message: translate(req.lang, "reminders.dropped") };
      },
      { config: { rateLimit: rateLimit(deps.config, 20) } },
    ],
    restoreBag: [
      async (req) => restoreBag(deps.db, req.params.token),
      { config: { rateLimit: rateLimit(deps.config, 30) } },
    ],
    unsubscribeFromReminders: [
      async (req) => {
        await unsubscribe(deps.db, req.query.token);
        return { message: translate(req.lang, "reminders.unsubscribed") };
      },
      { config: { rateLimit: rateLimit(deps.config, 30) }, bodyLimit: 1024 },
    ],
    reminderStats: async () => reminderStats(deps.db),
  });
}
