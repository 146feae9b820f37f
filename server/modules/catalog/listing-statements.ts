import { sql } from "drizzle-orm";
import crypto from "node:crypto";
import type { Db } from "../../db/client";
import { products } from "../../db/schema";
import { listingClauses, type ListingShape, type ListingValues } from "./listing-query";
import { productDtoColumns, type ProductDtoRow } from "./product-dto";

interface ListingStatements {
  page: { execute(values: ListingValues): Promise<ProductDtoRow[]> };
  count: { execute(values: ListingValues): Promise<{ total: number }[]> };
}

/** Each database (tests open several in one process) has its own statements. */
const byDatabase = new WeakMap<object, Map<string, ListingStatements>>();

/**
 * The page and count queries of a listing shape, built by Drizzle once and then only executed.
 * Shapes without a search are named prepared statements, so PostgreSQL parses and plans them once
 * per connection. Searches stay unnamed: a cached generic plan for `like $1` cannot see the
 * pattern, and the trigram index is only worth it for the pattern at hand.
 * There are at most a few thousand shapes (filters on or off, five sorts), all cheap to keep.
 */
export function listingStatements(db: Db, shape: ListingShape): ListingStatements {
  let statements = byDatabase.get(db);
  if (!statements) byDatabase.set(db, (statements = new Map()));
  const key = JSON.stringify(shape);
  let found = statements.get(key);
  if (!found) {
    const name = shape.search ? "" : `listing_${crypto.createHash("sha1").update(key).digest("hex").slice(0, 16)}`;
    const { where, order } = listingClauses(shape);
    found = {
      page: db
        .select(productDtoColumns)
        .from(products)
        .where(where)
        .orderBy(...order)
        .limit(sql.placeholder("limit"))
        .offset(sql.placeholder("offset"))
        .prepare(name && `${name}_page`),
      count: db
        .select({ total: sql<number>`count(*)::int` })
        .from(products)
        .where(where)
        .prepare(name && `${name}_count`),
    };
    statements.set(key, found);
  }
  return found;
}
