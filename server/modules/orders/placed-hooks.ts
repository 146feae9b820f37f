/**
 * Work another module adds to a new order's own transaction, without orders importing that module
 * (which imports orders' e-mail layout): cart reminders mark a reminded cart as come back and forget
 * the saved bags of the order's customer and address (docs/decisions/302). A Set: registering the
 * same function again (one per app built, in the tests) adds it once.
 */
import type { DbOrTx } from "../../db/client";

export interface PlacedOrder {
  orderId: string;
  userId: string | null;
  email: string;
}

export type PlacedOrderHook = (tx: DbOrTx, order: PlacedOrder) => Promise<void>;

const hooks = new Set<PlacedOrderHook>();

export function onOrderPlaced(hook: PlacedOrderHook) {
  hooks.add(hook);
}

export async function runPlacedOrderHooks(tx: DbOrTx, order: PlacedOrder) {
  for (const hook of hooks) await hook(tx, order);
}
