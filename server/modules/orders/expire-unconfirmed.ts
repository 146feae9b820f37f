/**
 * The scheduled job that cancels a cash-on-delivery order still unconfirmed COD_CONFIRM_HOURS after
 * it was placed (issue 16). It goes through the one status service, so the stock comes back exactly
 * as for any cancellation, and it acts only if the locked order is still awaiting confirmation: a
 * confirmation that lands first wins.
 */
import type { AppDeps } from "../../deps";
import { setOrderStatus } from "./change-status";
import { EXPIRE_UNCONFIRMED_JOB } from "./cod-confirmation";
import { orderExpiredEmail } from "./emails";

/** Written in the audit log as the one who cancelled. */
const SHOP_ACTOR = { _id: null, email: "system: unconfirmed order expiry" };

export async function expireUnconfirmedOrder(deps: AppDeps, orderId: string) {
  const hours = deps.config.COD_CONFIRM_HOURS;
  const baseUrl = deps.config.PUBLIC_URL;
  await setOrderStatus(deps, SHOP_ACTOR, orderId, "Cancelled", baseUrl, {
    onlyIf: (order) => order.confirmation === "pending" && order.status === "Processing",
    notice: (order) => orderExpiredEmail(order, baseUrl, hours),
  });
}

export function registerOrderJobs(deps: AppDeps) {
  deps.jobs.handle(EXPIRE_UNCONFIRMED_JOB, async (payload) => {
    // An order deleted since is nothing to expire.
    await expireUnconfirmedOrder(deps, String(payload.orderId)).catch((err: unknown) => {
      if ((err as { key?: string }).key === "ordersApi.orderNotFound") return;
      throw err;
    });
  });
}
