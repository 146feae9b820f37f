/**
 * Listens for "variant.restocked" (server/events.ts) and mails the waiting subscribers. Listeners
 * run inside `emit`, during the request that restocked; the mails are sent after it, so a staff
 * save never waits for a mail server. The work in flight is kept so the app waits for it at close.
 */
import type { AppDeps } from "../../deps";
import { on } from "../../events";
import { notifyRestockSubscribers } from "./notify-restock";

const inFlight = new Set<Promise<unknown>>();

export function listenForRestocks(deps: AppDeps): () => Promise<void> {
  const off = on("variant.restocked", (variant) => {
    const work = notifyRestockSubscribers(deps, variant)
      .catch((err) => deps.log.error({ err, ...variant }, "back-in-stock notification failed"))
      .finally(() => inFlight.delete(work));
    inFlight.add(work);
  });
  return async () => {
    off();
    await restockMailSettled();
  };
}

/** Resolves when every notification started so far has finished (tests and shutdown wait on it). */
export async function restockMailSettled(): Promise<void> {
  while (inFlight.size) await Promise.all(inFlight);
}
