import { fillPlaceholders, type Query } from "drizzle-orm";
import pg from "pg";
import type { PGlite } from "@electric-sql/pglite";
import type { Db } from "./client";

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

export async function queryArrays(
  db: Db,
  compiled: CompiledQuery,
  values: Record<string, unknown>,
): Promise<unknown[][]> {
  const client = (db as unknown as { $client: pg.Pool | PGlite }).$client;
  const params = fillPlaceholders(compiled.query.params, values);
  if (client instanceof pg.Pool) {
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
