/**
 * The customer record staff see beside each order (issue 16, docs/decisions/291): every order
 * placed with the same phone (normalised) or the same e-mail, counted by outcome, in one query for
 * a whole page of orders.
 */
import { sql } from "drizzle-orm";
import { toEgp } from "@core/pricing";
import type { Config } from "../../config";
import type { DbOrTx } from "../../db/client";
import { num, queryRows } from "../back-office/sql-rows";
import { blockedKeys } from "./blocks";
import type { CustomerRecordDTO } from "./customer-dto";

interface OrderKeys {
  id: string;
  phoneKey: string;
  email: string;
}

export async function customerRecords(
  db: DbOrTx,
  config: Config,
  page: OrderKeys[],
): Promise<Record<string, CustomerRecordDTO>> {
  if (page.length === 0) return {};
  const ids = sql.join(
    page.map((o) => sql`${o.id}::uuid`),
    sql`, `,
  );
  const [rows, blocked] = await Promise.all([
    queryRows<{ id: string; orders: unknown; delivered: unknown; refused: unknown; cancelled: unknown; paid: unknown }>(
      db,
      sql`select r.id,
                 count(o.id) as orders,
                 count(o.id) filter (where o.status = 'Delivered') as delivered,
                 count(o.id) filter (where o.status = 'Cancelled' and o.cancel_reason = 'refused') as refused,
                 count(o.id) filter (where o.status = 'Cancelled' and o.cancel_reason is distinct from 'refused') as cancelled,
                 coalesce(sum(o.total) filter (where o.status = 'Delivered'), 0) as paid
            from orders r
            join orders o on (o.phone_key = r.phone_key and r.phone_key <> '') or o.email = r.email
           where r.id in (${ids})
           group by r.id`,
    ),
    blockedKeys(db, { phones: page.map((o) => o.phoneKey), emails: page.map((o) => o.email) }),
  ]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const out: Record<string, CustomerRecordDTO> = {};
  for (const o of page) {
    const r = byId.get(o.id);
    const refused = num(r?.refused);
    out[o.id] = {
      orders: num(r?.orders),
      delivered: num(r?.delivered),
      refused,
      cancelled: num(r?.cancelled),
      totalPaid: toEgp(num(r?.paid)),
      flagged: refused >= config.COD_REFUSAL_LIMIT,
      blocked: { phone: blocked.phones.has(o.phoneKey), email: blocked.emails.has(o.email) },
    };
  }
  return out;
}
