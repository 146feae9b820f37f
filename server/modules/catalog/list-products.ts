import { sql } from "drizzle-orm";
import type { ShopQuery } from "@core/shop-query";
import { foldSearchText } from "@core/search-fold";
import type { AppDeps } from "../../deps";
import { products } from "../../db/schema";
import type { SessionUser } from "../accounts/sessions";
import { productDtoColumns, toProductDTO, type ProductDtoRow, type ProductPage } from "./product-dto";
import { listingClauses, listingShape, listingValues, searchMatch, type ListingShape } from "./listing-query";
import { countListing, readListingPage } from "./listing-statements";
import { memoGeneration, memoised, memoKey, recall, remember } from "./catalog-memo";
import { recentlyMissed, rememberMiss, TYPO_STATEMENT_TIMEOUT_MS, typoWorthy, withTypoSlot } from "./typo-fallback";

/** Below pg_trgm's default 0.6, so that "abya" still finds "Abaya". */
const TYPO_SIMILARITY = 0.3;

/** GET /api/products' query and /shop's URL: one schema, core/shop-query.ts (DESIGN.md §4). */
export type ProductQuery = ShopQuery;
export type { ProductPage };

/**
 * The shop listing: the page and the count, run together, whatever the page size. Both are
 * memoised briefly (catalog-memo.ts, docs/decisions/043): every shopper asks for the same few
 * pages, and any write that changes what they show clears them at once. A search that finds nothing is tried once
 * more tolerating typos, in a transaction that lowers pg_trgm's threshold, within the limits of
 * typo-fallback.ts (docs/decisions/118).
 */
export async function listProducts(
  deps: Pick<AppDeps, "db">,
  query: ProductQuery,
  viewer: SessionUser | null,
): Promise<ProductPage> {
  return listRequested(deps, query, listingRequest(deps, query, viewer));
}

async function listRequested(
  deps: Pick<AppDeps, "db">,
  query: ProductQuery,
  request: ListingRequest,
): Promise<ProductPage> {
  const { q, shape, values, pageKey } = request;
  const remembered = recall<ProductPage>(pageKey);
  if (remembered) return remembered;
  const since = memoGeneration();
  const countKey = memoKey(deps.db, { count: shape, values: { ...values, limit: 0, offset: 0 } });
  const known = recall<number>(countKey);
  const [rows, counted] = await Promise.all([
    readListingPage(deps.db, shape, values),
    known === undefined ? countListing(deps.db, shape, values) : null,
  ]);
  const total = known ?? counted!;
  if (known === undefined) remember(countKey, total, since);
  if (total === 0 && typoWorthy(q)) {
    const typos = await tryTypos(deps, query, shape, q);
    if (typos) return typos;
  }
  const page = toPage(rows, total, query);
  remember(pageKey, page, since);
  return page;
}

type ListingRequest = ReturnType<typeof listingRequest>;

/** What a listing asks for, and its memo key. */
function listingRequest(deps: Pick<AppDeps, "db">, query: ProductQuery, viewer: SessionUser | null) {
  const q = foldSearchText(query.search ?? query.searchTerm ?? "");
  const shape = listingShape(query, viewer, q);
  const values = listingValues(query, q);
  return { q, shape, values, pageKey: memoKey(deps.db, { page: shape, values }) };
}

/**
 * GET /api/products as JSON text, memoised with the page: serialising a page of 25 products was
 * the larger part of answering it from the memo.
 */
export async function listProductsJson(
  deps: Pick<AppDeps, "db">,
  query: ProductQuery,
  viewer: SessionUser | null,
): Promise<string> {
  const request = listingRequest(deps, query, viewer);
  return memoised(`${request.pageKey}:json`, async () => JSON.stringify(await listRequested(deps, query, request)));
}

/**
 * The typo try, within its limits (typo-fallback.ts): skipped for a term that just missed and when
 * the slots are taken; a miss is remembered. Undefined means "not tried": the empty page stands.
 */
async function tryTypos(
  deps: Pick<AppDeps, "db">,
  query: ProductQuery,
  shape: ListingShape,
  q: string,
): Promise<ProductPage | undefined> {
  const missKey = memoKey(deps.db, { typo: shape, q });
  if (recentlyMissed(missKey)) return undefined;
  try {
    const page = await withTypoSlot(() => listTypos(deps, query, shape, q));
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

/** The second try of a search that found nothing: close words, in their own short transaction. */
async function listTypos(
  deps: Pick<AppDeps, "db">,
  query: ProductQuery,
  shape: ListingShape,
  q: string,
): Promise<ProductPage> {
  return deps.db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('pg_trgm.word_similarity_threshold', ${String(TYPO_SIMILARITY)}, true)`);
    await tx.execute(sql`select set_config('statement_timeout', ${String(TYPO_STATEMENT_TIMEOUT_MS)}, true)`);
    const { where, order } = listingClauses(shape, searchMatch(q, "typo")!);
    const values = listingValues(query, "");
    const [rows, [counted]] = await Promise.all([
      tx
        .select(productDtoColumns)
        .from(products)
        .where(where)
        .orderBy(...order)
        .limit(sql.placeholder("limit"))
        .offset(sql.placeholder("offset"))
        .prepare("")
        .execute(values),
      tx.select({ total: sql<number>`count(*)::int` }).from(products).where(where).prepare("").execute(values),
    ]);
    return toPage(rows, counted!.total, query);
  });
}

function toPage(rows: ProductDtoRow[], total: number, query: ProductQuery): ProductPage {
  const { page, limit } = query;
  return { products: rows.map(toProductDTO), metadata: { totalPages: Math.ceil(total / limit), page, limit, total } };
}
