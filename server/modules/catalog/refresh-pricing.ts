import { sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { emit } from "../../events";

/** Which products a discount or product write can have changed. */
export type PricingScope = { productIds: string[] } | { category: string } | { collection: string } | { all: true };

function scopeFilter(scope: PricingScope): SQL {
  if ("productIds" in scope) {
    if (scope.productIds.length === 0) return sql`false`;
    return sql`p.id in (${sql.join(
      scope.productIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`;
  }
  if ("category" in scope) return sql`p.category = ${scope.category}`;
  if ("collection" in scope) return sql`p.collection = ${scope.collection}`;
  return sql`true`;
}

/**
 * Recomputes the denormalised products.discount, total_price and free_shipping (docs/decisions/004)
 * from the active discounts: the largest applicable percent among product, category and collection;
 * free shipping when any applicable active discount has it. Runs as one UPDATE in the caller's
 * transaction. total_price mirrors core/pricing applyPercent (half rounds up, piastres are positive);
 * tests check the two agree.
 */
export async function refreshProductPricing(tx: DbOrTx, scope: PricingScope): Promise<void> {
  await tx.execute(sql`
    update products as p
       set discount = e.best,
           total_price = round(p.price::numeric * (100 - e.best) / 100)::int,
           free_shipping = e.ship
      from (
        select p.id,
               coalesce(max(d.discount), 0)::int as best,
               coalesce(bool_or(d.has_shipping), false) as ship
          from products p
          left join discounts d
            on d.active
           and (d.product_id = p.id or d.category = p.category or d.collection_name = p.collection)
         where ${scopeFilter(scope)}
         group by p.id
      ) as e
     where p.id = e.id
       and (p.discount <> e.best
            or p.free_shipping <> e.ship
            or p.total_price <> round(p.price::numeric * (100 - e.best) / 100)::int)`);
  emit("catalogue.changed", { reason: "pricing" });
}
