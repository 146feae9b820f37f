import type { CardProduct } from "~/components/catalog/card-product";
import { call } from "~/lib/api-client";
import type { LaterCards } from "./product-row";

/**
 * The home rows below the first screen, each with how to fetch its cards (decision 362): one
 * GET /api/home-rows for all of them, asked when the first comes near view. A failed request is
 * asked again by the next row that needs it (or its Try Again).
 */
export function laterRows(rows: { key: string; count?: number; cards?: CardProduct[] }[]): Map<string, LaterCards> {
  let fetched: Promise<Map<string, CardProduct[]>> | undefined;
  const all = () => {
    if (!fetched) {
      const request = call("GET /home-rows").then((reply) => new Map(reply.rows.map((r) => [r.key, r.cards])));
      request.catch(() => {
        if (fetched === request) fetched = undefined;
      });
      fetched = request;
    }
    return fetched;
  };
  const later = new Map<string, LaterCards>();
  for (const row of rows)
    if (!row.cards) later.set(row.key, { count: row.count ?? 0, load: async () => (await all()).get(row.key) ?? [] });
  return later;
}
