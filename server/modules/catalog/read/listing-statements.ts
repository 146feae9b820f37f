import { eq, sql } from "drizzle-orm";
import crypto from "node:crypto";
import type { Db, DbOrTx } from "../../../db/client";
import { queryArrays, type CompiledQuery } from "../../../db/array-query";
import { products } from "../../../db/schema";
import { listingClauses, type ListingShape, type ListingValues } from "./listing-query";
import { productDtoColumns, type ProductDtoRow } from "../product-dto";
import { cappedTotal, countCeiling, type ListingTotal } from "./listing-count";

interface ListingStatements {
  page: CompiledQuery;
  count: CompiledQuery;
}

/** Each database (tests open several in one process) has its own statements. */
const byDatabase = new WeakMap<object, Map<string, ListingStatements>>();

/** The product JSON's columns, in the order the page query selects them. */
const columnKeys = Object.keys(productDtoColumns) as (keyof ProductDtoRow)[];

/**
 * The page and count queries of a listing shape, compiled by Drizzle once and then only executed
 * (db/array-query.ts). Shapes without a search are named prepared statements, so PostgreSQL parses
 * and plans them once per connection. Searches stay unnamed: a cached generic plan for `like $1`
 * cannot see the pattern, and the trigram index is only worth it for the pattern at hand.
 * There are at most a few thousand shapes (filters on or off, five sorts, contains or typo), all cheap to keep.
 */
export function listingStatements(db: Db, shape: ListingShape): ListingStatements {
  let statements = byDatabase.get(db);
  if (!statements) {
    statements = new Map();
    byDatabase.set(db, statements);
  }
  const key = JSON.stringify(shape);
  let found = statements.get(key);
  if (!found) {
    const name = shape.search ? "" : `listing_${crypto.createHash("sha1").update(key).digest("hex").slice(0, 16)}`;
    const { where, order } = listingClauses(shape);
    // The page's ids first, then their rows (a "deferred join", decision 283): the ids of even a
    // deep page come from an index alone (every filter and sort column is in the listing indexes),
    // and only the page's own rows are read from the table.
    const pageIds = db
      .select({ id: products.id })
      .from(products)
      .where(where)
      .orderBy(...order)
      .limit(sql.placeholder("limit"))
      .offset(sql.placeholder("offset"))
      .as("page_ids");
    const page = db
      .select(productDtoColumns)
      .from(products)
      .innerJoin(pageIds, eq(products.id, pageIds.id))
      .orderBy(...order);
    // Counts at most `countLimit` rows (listing-count.ts): the count never reads the whole match.
    const matching = db
      .select({ one: sql`1` })
      .from(products)
      .where(where)
      .limit(sql.placeholder("countLimit"))
      .as("matching");
    // Except the typo variant's: PostgreSQL guesses a tenth of the table for `<%`, so under a LIMIT
    // it would scan the table hoping to stop early, while the few real matches make it read it all.
    // Counted whole it takes the trigram index, like its page (bounded by its statement timeout).
    const count = shape.typo
      ? db.select({ total: sql<number>`count(*)::int` }).from(products).where(where)
      : db.select({ total: sql<number>`count(*)::int` }).from(matching);
    found = {
      page: { name: name && `${name}_page`, query: page.toSQL() },
      count: { name: name && `${name}_count`, query: count.toSQL() },
    };
    statements.set(key, found);
  }
  return found;
}

/**
 * The rows of one page of a listing of this shape. `on` is where it runs: the database, or the
 * transaction the typo variant sets its threshold in (the statements are kept per database either way).
 */
export async function readListingPage(
  db: Db,
  shape: ListingShape,
  values: ListingValues,
  on: DbOrTx = db,
): Promise<ProductDtoRow[]> {
  const rows = await queryArrays(on, listingStatements(db, shape).page, values);
  return rows.map((cells) => {
    const row = {} as Record<string, unknown>;
    for (let i = 0; i < columnKeys.length; i++) row[columnKeys[i]!] = cells[i];
    return row as unknown as ProductDtoRow;
  });
}

export async function countListing(
  db: Db,
  shape: ListingShape,
  values: ListingValues,
  on: DbOrTx = db,
): Promise<ListingTotal> {
  const ceiling = countCeiling(values);
  const [cells] = await queryArrays(on, listingStatements(db, shape).count, { ...values, countLimit: ceiling + 1 });
  return cappedTotal(cells![0] as number, ceiling);
}
