/**
 * A page of a search of words that many products have together, read among the newest products
 * (decision 382). Once the count (bitmap scans only) says the words match more than its ceiling,
 * the page needs the newest matches: PostgreSQL, which guesses a hundredth of the catalogue for two
 * `like` patterns, took the trigram bitmap and read and sorted every match (100,000 rows, 417 ms at a
 * million products, for two words every blouse has), where walking the catalogue newest first finds
 * them in a few milliseconds. The walk is only safe when the words are common among the newest
 * products; for two words a thousandth of the catalogue has, it would read most of it.
 *
 * So the walk is bounded and checked: the newest NEWEST_PREFIX products form a prefix of the
 * catalogue's newest-first order; if the words match at least as many of them as the page needs
 * (the candidates a relevance rank ranks, or the rows up to the page's end), those are exactly the
 * newest matches, and the page is read from that prefix by walking. Otherwise nothing is read here
 * and the caller reads the page as before.
 *
 * Only in a catalogue many times the prefix (decision 402): in one the prefix's size or a few times
 * it, the prefix is most of the catalogue, and walking it cost four to five times the bitmap read of
 * every match (two-word searches at 50,000 and 250,000 products); at 500,000 the two were even.
 */
import { sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../../db/client";
import { products } from "../../../db/schema";
import type { ProductDtoRow } from "../product-dto";
import { memoised, memoKey } from "./catalog-memo";
import { countCeiling } from "./listing-count";
import { newestFirst, ranksByRelevance, type ListingShape, type ListingValues } from "./listing-query";
import { countListing, readListingPage } from "./listing-statements";
import { scanSettings } from "./scan-settings";
import { customerVisible } from "./visibility";

/** How many of the newest products the walk may read: words in 2 % of them fill a 1,000-row ranking. */
export const NEWEST_PREFIX = 50_000;

/** From how many products (PostgreSQL's estimate) the walk is tried at all (decision 402). */
export const WALK_FROM_PRODUCTS = 10 * NEWEST_PREFIX;

/** The walk's prefix and the catalogue size it starts at: the shop's, or a test's smaller ones. */
export interface WalkLimits {
  prefix: number;
  walkFrom: number;
}
const SHOP_LIMITS: WalkLimits = { prefix: NEWEST_PREFIX, walkFrom: WALK_FROM_PRODUCTS };

const bitmapScans = (value: "on" | "off") => sql.raw(scanSettings(["bitmapscan"], value));

/** Whether a page of this shape is a prefix of its matches newest first. */
const pagesNewestFirst = (shape: ListingShape) => shape.sortBy === null || shape.sortBy === "newest";

/**
 * The page's rows read among the newest `prefix` products, or null when they are not all there
 * (or the catalogue is smaller than `walkFrom`: the page is read as before). `tx` is the search's
 * transaction, with every scan allowed; bitmap scans are off while this runs.
 */
export async function readAmongNewest(
  db: Db,
  shape: ListingShape,
  values: ListingValues,
  tx: DbOrTx,
  { prefix, walkFrom }: WalkLimits = SHOP_LIMITS,
): Promise<ProductDtoRow[] | null> {
  if (!pagesNewestFirst(shape)) return null;
  if ((await catalogueSizeEstimate(db, tx)) < walkFrom) return null;
  const since = await newestPrefixBound(db, tx, prefix);
  if (!since) return null;
  // Every product created at or after the bound: a prefix of the newest-first order (a superset
  // of the newest `prefix` when the bound's millisecond is shared), whatever the viewer sees.
  const recent = { ...shape, recent: true };
  const bounded = { ...values, since };
  const needed = ranksByRelevance(shape)
    ? countCeiling(values)
    : Number(values.offset ?? 0) + Number(values.limit ?? 0);
  await tx.execute(bitmapScans("off"));
  try {
    const within = await countListing(db, recent, bounded, tx);
    if (within.total < needed) return null;
    return await readListingPage(db, recent, bounded, tx);
  } finally {
    await tx.execute(bitmapScans("on"));
  }
}

/**
 * When the `prefix`-th newest product was created (an index-only read of `prefix` entries, a few
 * milliseconds at 50,000), or null when the catalogue is smaller. Remembered in the catalogue memo,
 * which every catalogue write clears: any bound gives a prefix of the newest-first order, so one
 * a few seconds old only makes the walk a little longer or shorter, never the page different.
 */
export function newestPrefixBound(db: Db, tx: DbOrTx, prefix: number): Promise<string | null> {
  return memoised(memoKey(db, ["newest-prefix-bound", prefix]), async () => {
    const [bound] = await tx
      .select({ at: products.createdAt })
      .from(products)
      .where(customerVisible())
      .orderBy(...newestFirst())
      .limit(1)
      .offset(prefix - 1);
    return bound ? bound.at.toISOString() : null;
  });
}

/**
 * How many rows `products` holds by PostgreSQL's estimate (pg_class.reltuples, kept by autovacuum,
 * ANALYZE and index builds; 0 before the first): free to read, and only ever a choice between two
 * ways of reading the same page. Remembered with the catalogue, as the bound is.
 */
export function catalogueSizeEstimate(db: Db, tx: DbOrTx): Promise<number> {
  return memoised(memoKey(db, ["catalogue-size-estimate"]), async () => {
    const result = await tx.execute(
      sql`select greatest(reltuples, 0)::bigint as rows from pg_class where oid = to_regclass('products')`,
    );
    const [row] = (result as unknown as { rows: { rows: string | number }[] }).rows;
    return row ? Number(row.rows) : 0;
  });
}
