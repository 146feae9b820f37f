import type { AppDeps } from "../../../deps";
import type { SessionUser } from "../../accounts/sessions";
import { memoGeneration, memoised, memoKey } from "./catalog-memo";
import { getProduct } from "./get-product";
import { createSingleFlight } from "./single-flight";
import { isStaff } from "@core/roles";

/** Identical misses of one product share one read (single-flight.ts). */
const productFlights = createSingleFlight();

/** How many product reads ran, and how many misses waited for one instead (tests, metrics). */
export const productFlightStats = () => productFlights.stats();

/**
 * GET /api/products/:id as JSON text (issue 14: a product by id no slower than a listing page).
 * A customer's product is memoised as text beside the listing pages (catalog-memo.ts), cleared by
 * every catalogue write, stock moves included; identical misses share one read. Staff read live
 * (they see pending and deleted products, and edit them). A product that is not found is not kept.
 */
export async function productJson(deps: Pick<AppDeps, "db">, id: string, viewer: SessionUser | null): Promise<string> {
  if (isStaff(viewer)) return JSON.stringify(await getProduct(deps, id, viewer));
  const key = memoKey(deps.db, { productJson: id });
  return memoised(key, () =>
    productFlights.run(`${memoGeneration()}:${key}`, async () => JSON.stringify(await getProduct(deps, id, null))),
  );
}
