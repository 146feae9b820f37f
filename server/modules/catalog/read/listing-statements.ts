import { asc, desc, eq, sql, type SQL } from "drizzle-orm";
import crypto from "node:crypto";
import type { Db, DbOrTx } from "../../../db/client";
import { queryArrays, type CompiledQuery } from "../../../db/array-query";
import { products } from "../../../db/schema";
import {
  containsPlaceholders,
  containsRank,
  listingClauses,
  newestFirst,
  ranksByRelevance,
  type ListingShape,
  type ListingValues,
} from "./listing-query";
import { productDtoColumns, type ProductDtoRow } from "../product-dto";
import { cappedTotal, countCeiling, type ListingTotal } from "./listing-count";

interface ListingStatements {
  page: CompiledQuery;
  count: CompiledQuery;
  /** A relevance-ranked search's page and count from one read of its candidates (decision 374). */
  rankedWithCount: CompiledQuery | null;
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
    // A ranked search reads its candidates in a CTE (read once, so PostgreSQL inlines it).
    const candidates = ranksByRelevance(shape) ? searchCandidates(db, where, "candidates") : null;
    const pageIds = candidates
      ? rankedPageIds(db, candidates)
      : db
          .select({ id: products.id })
          .from(products)
          .where(where)
          .orderBy(...order)
          .limit(sql.placeholder("limit"))
          .offset(sql.placeholder("offset"))
          .as("page_ids");
    const page = (candidates ? db.with(candidates) : db)
      .select(productDtoColumns)
      .from(products)
      .innerJoin(pageIds, eq(products.id, pageIds.id))
      .orderBy(...order);
    // Counts at most `countLimit` rows (listing-count.ts): the count never reads the whole match.
    // A "contains" search counts its matches newest first: PostgreSQL then chooses between the
    // listing index in order (a common word: reads about ceiling / share-of-catalogue rows) and the
    // trigram index (a rare one). Unordered, a common word's count was planned as a sequential scan
    // hoping to stop early, 200 ms at a million products (decision 341).
    // Not a search of several words: its count runs with bitmap scans only (readWordsListing), where
    // an order made the scan read every match to sort them before the limit (100,000 rows and
    // 400 ms for two words every blouse has, at a million products); unordered it stops at the
    // ceiling (decision 381).
    const countOrder = shape.search && !shape.typo && shape.searchWords <= 1 ? newestFirst() : [];
    const matching = db
      .select({ one: sql`1` })
      .from(products)
      .where(where)
      .orderBy(...countOrder)
      .limit(sql.placeholder("countLimit"))
      .as("matching");
    // Except the typo variant's: PostgreSQL guesses a tenth of the table for `<%`, so under a LIMIT
    // it would scan the table hoping to stop early, while the few real matches make it read it all.
    // Counted whole it takes the trigram index, like its page (bounded by its statement timeout).
    const count = shape.typo
      ? db.select({ total: sql<number>`count(*)::int` }).from(products).where(where)
      : db.select({ total: sql<number>`count(*)::int` }).from(matching);
    const rankedWithCount = ranksByRelevance(shape) ? rankedPageWithCount(db, where, order) : null;
    found = {
      page: { name: name && `${name}_page`, query: page.toSQL() },
      count: { name: name && `${name}_count`, query: count.toSQL() },
      rankedWithCount: rankedWithCount && { name: "", query: rankedWithCount.toSQL() },
    };
    statements.set(key, found);
  }
  return found;
}

/**
 * A relevance-ranked search's candidates (decision 341): its newest matches, as many as `limit`
 * binds. The page ranks only these: as many as the count reads (listing-count.ts, at least 1,000
 * and always five pages past the one asked for), so every page the pager offers is among them.
 * Ranked over every match, a common word ("dress", at a million products a hundred thousand
 * matches) read and sorted each matching row; the newest matches come from the listing index in
 * order, a few thousand rows at most. A shop with fewer matches than that ranks them all.
 */
function searchCandidates(db: Db, where: SQL, limit: "candidates" | "countLimit") {
  return db.$with("candidates").as(
    db
      .select({ id: products.id, createdAt: products.createdAt, searchText: products.searchText })
      .from(products)
      .where(where)
      .orderBy(...newestFirst())
      .limit(sql.placeholder(limit)),
  );
}

/** A page of a search's candidates' ids: the whole term as a word first, then newest first. */
function rankedPageIds(db: Db, candidates: ReturnType<typeof searchCandidates>) {
  return db
    .select({ id: candidates.id })
    .from(candidates)
    .orderBy(
      containsRank(containsPlaceholders(0), candidates.searchText),
      desc(candidates.createdAt),
      asc(candidates.id),
    )
    .limit(sql.placeholder("limit"))
    .offset(sql.placeholder("offset"))
    .as("page_ids");
}

/**
 * A relevance-ranked search's page with its count beside it (decision 374). The page ranks the
 * newest matches and the count counts them: as two statements both walked the same rows newest
 * first (a common word at a million products: some thousands of rows, twice). Here the newest
 * `countLimit` matches (the ceiling and one more, to know there are more) are read once, into a CTE
 * that PostgreSQL materialises because two parts read it: the page ranks it and the count counts it.
 */
function rankedPageWithCount(db: Db, where: SQL, order: SQL[]) {
  const candidates = searchCandidates(db, where, "countLimit");
  const pageIds = rankedPageIds(db, candidates);
  return db
    .with(candidates)
    .select({ ...productDtoColumns, listingTotal: sql<number>`(select count(*)::int from ${candidates})` })
    .from(products)
    .innerJoin(pageIds, eq(products.id, pageIds.id))
    .orderBy(...order);
}

/** What a page statement binds: the listing's values, and how many matches a relevance rank ranks (as many as the count counts). */
export const pageBinding = (values: ListingValues): ListingValues => ({ ...values, candidates: countCeiling(values) });

/** What a count statement binds: it reads one row past the ceiling, to know there are more. */
export const countBinding = (values: ListingValues): ListingValues => ({
  ...values,
  countLimit: countCeiling(values) + 1,
});

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
  const rows = await queryArrays(on, listingStatements(db, shape).page, pageBinding(values));
  return rows.map(toRow);
}

/** A row of the product JSON's columns, from the cells the statement selected in that order. */
function toRow(cells: unknown[]): ProductDtoRow {
  const row = {} as Record<string, unknown>;
  for (let i = 0; i < columnKeys.length; i++) row[columnKeys[i]!] = cells[i];
  return row as unknown as ProductDtoRow;
}

/**
 * A relevance-ranked search's page and its total in one statement (decision 374). A page past the
 * last match has no row to carry the total: on the first page that means no match at all, further
 * on the total is counted on its own.
 */
export async function readRankedPageWithCount(
  db: Db,
  shape: ListingShape,
  values: ListingValues,
): Promise<{ rows: ProductDtoRow[]; total: ListingTotal }> {
  const compiled = listingStatements(db, shape).rankedWithCount;
  if (!compiled) throw new Error("only a relevance-ranked search reads its page and count together");
  const cells = await queryArrays(db, compiled, countBinding(values));
  if (cells.length) {
    const total = cappedTotal(cells[0]![columnKeys.length] as number, countCeiling(values));
    return { rows: cells.map(toRow), total };
  }
  if (Number(values.offset ?? 0) === 0) return { rows: [], total: { total: 0, atLeast: false } };
  return { rows: [], total: await countListing(db, shape, values) };
}

/**
 * How many products match a listing of this shape. The count does not depend on the sort, so it
 * is compiled and prepared once per filter shape, not once per sort of it.
 */
export async function countListing(
  db: Db,
  shape: ListingShape,
  values: ListingValues,
  on: DbOrTx = db,
): Promise<ListingTotal> {
  const unsorted = shape.sortBy === null ? shape : { ...shape, sortBy: null };
  const [cells] = await queryArrays(on, listingStatements(db, unsorted).count, countBinding(values));
  return cappedTotal(cells![0] as number, countCeiling(values));
}
