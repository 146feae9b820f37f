import { and, like, sql } from "drizzle-orm";
import type { ShopQuery } from "@core/shop-query";
import { foldSearchText } from "@core/search-fold";
import type { AppDeps } from "../../../deps";
import type { Db, DbOrTx } from "../../../db/client";
import type { SessionUser } from "../../accounts/sessions";
import type { SharedText } from "../../../shared-text";
import { toProductDTO, type ProductDtoRow, type ProductPage } from "../product-dto";
import { products } from "../../../db/schema";
import {
  likePattern,
  listingShape,
  ranksByRelevance,
  listingValues,
  searchWords,
  type ListingShape,
  type ListingValues,
} from "./listing-query";
import { customerVisible } from "./visibility";
import { countListing, readListingPage, readRankedPageWithCount } from "./listing-statements";
import { memoGeneration, memoised, memoisedText, memoKey, recall, remember } from "./catalog-memo";
import { countCeiling, type ListingTotal } from "./listing-count";
import { createSingleFlight } from "./single-flight";
import { readAmongNewest } from "./among-newest";
import { type ScanKind, scanSettings } from "./scan-settings";
import { recentlyMissed, rememberMiss, TYPO_STATEMENT_TIMEOUT_MS, typoWorthy, withTypoSlot } from "./typo-fallback";

/** Below pg_trgm's default 0.6, so that "abya" still finds "Abaya". */
const TYPO_SIMILARITY = 0.3;

/** GET /api/products' query and /shop's URL: one schema, core/shop-query.ts (DESIGN.md §4). */
export type ProductQuery = ShopQuery;
export type { ProductPage };

/**
 * The shop listing: the page and the count, run together, whatever the page size. Both are
 * memoised briefly (catalog-memo.ts, docs/decisions/043): every shopper asks for the same few
 * pages, and any write that changes what they show clears them at once. A search that finds
 * nothing is run once more as the same listing's typo variant, in a transaction that lowers
 * pg_trgm's threshold, within the limits of typo-fallback.ts (docs/decisions/118).
 */
export async function listProducts(
  deps: Pick<AppDeps, "db">,
  query: ProductQuery,
  viewer: SessionUser | null,
): Promise<ProductPage> {
  return listRequested(deps, listingRequest(deps, query, viewer));
}

/** What a listing asks for: its shape and values (listing-query.ts), its typo variant, and its memo key. */
interface ListingRequest {
  query: ProductQuery;
  q: string;
  shape: ListingShape;
  values: ListingValues;
  typo: { shape: ListingShape; values: ListingValues };
  pageKey: string;
}

function listingRequest(deps: Pick<AppDeps, "db">, query: ProductQuery, viewer: SessionUser | null): ListingRequest {
  const q = foldSearchText(query.search ?? query.searchTerm ?? "");
  const shape = listingShape(query, viewer, q);
  const values = listingValues(query, q);
  const typo = { shape: listingShape(query, viewer, q, true), values: listingValues(query, q, true) };
  return { query, q, shape, values, typo, pageKey: memoKey(deps.db, { page: shape, values }) };
}

/** Identical listing misses share one read (single-flight.ts). */
const listingFlights = createSingleFlight();

/** How many listing reads ran, and how many misses waited for one instead (tests, metrics). */
export const listingFlightStats = () => listingFlights.stats();

/**
 * The listing's page, from the memo or read. `keepPage` false: the caller keeps what it makes of
 * the page instead (the API its JSON text), and the page is not kept beside it.
 */
async function listRequested(
  deps: Pick<AppDeps, "db">,
  request: ListingRequest,
  keepPage = true,
): Promise<ProductPage> {
  const remembered = recall<ProductPage>(request.pageKey);
  if (remembered) return remembered;
  // Keyed by the memo's generation too: a miss after a write never waits for a read begun before it.
  return listingFlights.run(`${memoGeneration()}:${request.pageKey}`, () => readRequested(deps, request, keepPage));
}

async function readRequested(
  deps: Pick<AppDeps, "db">,
  request: ListingRequest,
  keepPage: boolean,
): Promise<ProductPage> {
  const { query, shape, values, pageKey } = request;
  const since = memoGeneration();
  // The count's ceiling depends on the page (listing-count.ts), so it is part of the count's key;
  // the sort is not (no count reads it): the same filters sorted four ways are counted once.
  const countKey = memoKey(deps.db, {
    count: { ...shape, sortBy: null },
    values: { ...values, limit: 0, offset: 0 },
    ceiling: countCeiling(values),
  });
  const known = recall<ListingTotal>(countKey);
  const { rows, total } = await readListing(deps.db, shape, values, known);
  if (known === undefined) remember(countKey, total, since);
  if (total.total === 0 && typoWorthy(request.q) && (await someWordUnknownMemoised(deps.db, request.q))) {
    const typos = await tryTypos(deps, request);
    if (typos) return typos;
  }
  const page = toPage(rows, total, query);
  if (keepPage) remember(pageKey, page, since);
  return page;
}

/**
 * The one execution of a listing, whatever its variant: the page's rows and the total, together
 * (the total only when not already `known`). `on` is the database or the typo's transaction.
 */
async function readListing(
  db: Db,
  shape: ListingShape,
  values: ListingValues,
  known?: ListingTotal,
  on: DbOrTx = db,
): Promise<{ rows: ProductDtoRow[]; total: ListingTotal }> {
  // Several words read in a transaction of their own; the typo variant, read in the caller's
  // transaction (`on`), never has words of its own to intersect (listingShape: searchWords 0).
  if (shape.searchWords > 1) return readWordsListing(db, shape, values, known);
  if (known === undefined && on === db && ranksByRelevance(shape)) return readRankedPageWithCount(db, shape, values);
  const [rows, counted] = await Promise.all([
    readListingPage(db, shape, values, on),
    known === undefined ? countListing(db, shape, values, on) : null,
  ]);
  return { rows, total: known ?? counted! };
}

/** Leave PostgreSQL only bitmap scans for the rest of a transaction, or give it every scan again. */
const ALL_BUT_BITMAP: ScanKind[] = ["seqscan", "indexscan", "indexonlyscan"];
export const BITMAP_SCANS_ONLY = scanSettings(ALL_BUT_BITMAP, "off");
const EVERY_SCAN = scanSettings(ALL_BUT_BITMAP, "on");

/**
 * A search of several words (decision 355). PostgreSQL estimates each word's share of the
 * catalogue but multiplies them, as if independent: two common words that no product has together
 * ("dresses blouses") were read by walking the newest-first index through the whole catalogue
 * (970,000 rows at a million products) hoping to find a page of them. Here the count runs first
 * with bitmap scans only, which intersect the words in the trigram index and stop at the count's
 * ceiling: exact and cheap whatever the words. When the matches are fewer than the ceiling, the
 * page reads the same few rows the same way; when they are more, the words are common together and
 * the newest-first walk finds a page quickly, so the planner chooses freely again.
 */
async function readWordsListing(
  db: Db,
  shape: ListingShape,
  values: ListingValues,
  known?: ListingTotal,
): Promise<{ rows: ProductDtoRow[]; total: ListingTotal }> {
  // No match, or none on this page: nothing to read (at a million products the words' bitmap
  // costs some 20 ms each time it is built).
  const beyondMatches = (total: ListingTotal) => !total.atLeast && total.total <= Number(values.offset);
  if (known && beyondMatches(known)) return { rows: [], total: known };
  return db.transaction(async (tx) => {
    await tx.execute(sql.raw(BITMAP_SCANS_ONLY));
    const total = known ?? (await countListing(db, shape, values, tx));
    if (beyondMatches(total)) return { rows: [], total };
    if (total.atLeast) {
      await tx.execute(sql.raw(EVERY_SCAN));
      // Common together: their page among the newest products, walked, when it is all there (decision 382).
      const rows = await readAmongNewest(db, shape, values, tx);
      if (rows) return { rows, total };
    }
    return { rows: await readListingPage(db, shape, values, tx), total };
  });
}

/**
 * GET /api/products as JSON text, memoised: serialising a page of 25 products was the larger part
 * of answering it from the memo. The page itself is not kept beside its text (decision 396): the
 * two took about 40 kB a search, and searches pushed each other out of the memo.
 */
export async function listProductsJson(
  deps: Pick<AppDeps, "db">,
  query: ProductQuery,
  viewer: SessionUser | null,
): Promise<SharedText> {
  const request = listingRequest(deps, query, viewer);
  return memoisedText(`${request.pageKey}:json`, async () => JSON.stringify(await listRequested(deps, request, false)));
}

/**
 * Whether a word of the term matches no product on its own: only then can the term hold a typo
 * (decision 355). When every word is found somewhere, the catalogue just has no product with all
 * of them ("linen dress" in a shop of linen blouses and satin dresses), and the typo try, which
 * reads every product similar to the term (thousands, holding PGlite's only connection for over a
 * second), would only show products the shopper did not ask for. One word that found nothing is
 * itself the unknown word. Each check stops at its first match.
 */
async function someWordUnknown(db: Db, q: string): Promise<boolean> {
  const words = searchWords(q);
  if (words.length === 1) return true;
  for (const word of words) {
    const [found] = await db
      .select({ one: sql`1` })
      .from(products)
      .where(and(customerVisible(), like(products.searchText, likePattern(word))))
      .limit(1);
    if (!found) return true;
  }
  return false;
}

/** someWordUnknown, remembered with the catalogue: every page of an empty search asks it again. */
const someWordUnknownMemoised = (db: Db, q: string) =>
  memoised(memoKey(db, { someWordUnknown: q }), () => someWordUnknown(db, q));

/**
 * The typo variant, within its limits (typo-fallback.ts): skipped for a term that just missed and
 * when the slots are taken; a miss is remembered. Undefined means "not tried": the empty page stands.
 */
async function tryTypos(deps: Pick<AppDeps, "db">, request: ListingRequest): Promise<ProductPage | undefined> {
  const missKey = memoKey(deps.db, { typo: request.shape, q: request.q });
  if (recentlyMissed(missKey)) return undefined;
  try {
    const page = await withTypoSlot(() => listTypos(deps, request));
    if (page && page.metadata.total === 0) rememberMiss(missKey);
    return page;
  } catch (err) {
    // Over its time limit the typo try is given up: nothing found, and not tried again soon.
    if ((err as { code?: string })?.code !== "57014" && (err as { cause?: { code?: string } })?.cause?.code !== "57014")
      throw err;
    rememberMiss(missKey);
    return undefined;
  }
}

/** The typo variant run in its own short transaction, where its threshold and time limit apply. */
async function listTypos(deps: Pick<AppDeps, "db">, request: ListingRequest): Promise<ProductPage> {
  return deps.db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('pg_trgm.word_similarity_threshold', ${String(TYPO_SIMILARITY)}, true)`);
    await tx.execute(sql`select set_config('statement_timeout', ${String(TYPO_STATEMENT_TIMEOUT_MS)}, true)`);
    const { shape, values } = request.typo;
    const { rows, total } = await readListing(deps.db, shape, values, undefined, tx);
    return toPage(rows, total, request.query);
  });
}

function toPage(rows: ProductDtoRow[], { total, atLeast }: ListingTotal, query: ProductQuery): ProductPage {
  const { page, limit } = query;
  const metadata = { totalPages: Math.ceil(total / limit), page, limit, total };
  return { products: rows.map(toProductDTO), metadata: atLeast ? { ...metadata, totalIsAtLeast: true } : metadata };
}
