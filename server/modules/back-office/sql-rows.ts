import type { SQL } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";

/** Rows of a raw query, whichever driver runs it (PGlite and node-postgres both answer { rows }). */
export async function queryRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** count(*) and sum(...) arrive as strings from node-postgres (bigint) and numbers from PGlite. */
export const num = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));
