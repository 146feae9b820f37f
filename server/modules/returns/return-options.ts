/** POST /api/returns/options: what the customer may ask for one delivered order (issue 17). */
import type { DbOrTx } from "../../db/client";
import { exchangeOptionsFor, stockedPairs } from "./exchange-pairs";
import type { ReturnOptionsDTO } from "./returns-dto";
import { findReturnableOrder } from "./return-window";

export async function returnOptions(
  db: DbOrTx,
  input: { orderNumber: string; contact?: string },
  viewerId: string | null,
  now = new Date(),
): Promise<ReturnOptionsDTO> {
  const { order, items, deadline, openLines } = await findReturnableOrder(
    db,
    input.orderNumber,
    viewerId,
    input.contact,
    now,
  );
  const pairs = await stockedPairs(
    db,
    items.flatMap((i) => (i.productId ? [i.productId] : [])),
  );
  return {
    orderNumber: order.orderNumber,
    deadline: deadline.toISOString(),
    lines: [...items]
      .sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id))
      .map((i) => ({
        lineId: i.id,
        name: i.name,
        nameAr: i.nameAr,
        image: i.image,
        size: i.size,
        color: i.color,
        quantity: i.quantity,
        openState: openLines.get(i.id) ?? null,
        exchangeOptions: exchangeOptionsFor(pairs, i.productId, i),
      })),
  };
}
