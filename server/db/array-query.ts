import { fillPlaceholders, type Query } from "drizzle-orm";
import pg from "pg";
import type { PGlite } from "@electric-sql/pglite";
import type { DbOrTx } from "./client";

/**
 * A query compiled by Drizzle once (`.toSQL()`), run straight on the driver with rows as arrays.
 * For the hottest read, the shop listing: Drizzle's per-cell row mapping cost as much CPU as the
 * driver's parsing. A name makes it a prepared statement on PostgreSQL (PGlite ignores it). The
 * drivers' own type parsers apply, so values arrive as Drizzle would hand them over (Date, arrays).
 */
export interface CompiledQuery {
  name: string;
  query: Query;
}

/**
 * The driver client under a database or a transaction: the pool (or PGlite) for the database, the
 * transaction's own connection for a transaction, so a query run "on" a transaction sees its
 * `set_config(..., true)` settings (the typo search's threshold and time limit).
 */
function driverOf(on: DbOrTx): pg.Pool | pg.Client | PGlite {
  const db = on as unknown as { $client?: pg.Pool | PGlite; session?: { client: pg.Client | PGlite } };
  return db.$client ?? db.session!.client;
}

export async function queryArrays(
  on: DbOrTx,
  compiled: CompiledQuery,
  values: Record<string, unknown>,
): Promise<unknown[][]> {
  const client = driverOf(on);
  const params = fillPlaceholders(compiled.query.params, values);
  if (client instanceof pg.Pool || client instanceof pg.Client) {
    const result = await client.query({
      name: compiled.name || undefined,
      text: compiled.query.sql,
      values: params,
      rowMode: "array",
    });
    return result.rows as unknown[][];
  }
  const result = await client.query<unknown[]>(compiled.query.sql, params, { rowMode: "array" });
  return result.rows;
}
