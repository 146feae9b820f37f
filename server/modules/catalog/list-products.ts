import { and, asc, desc, eq, gt, gte, lte, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { CATEGORIES, COLLECTIONS, LIMITS } from "@core/constants";
import { toPiastres } from "@core/pricing";
import { foldSearchText } from "@core/search-fold";
import type { AppDeps } from "../../deps";
import type { DbOrTx } from "../../db/client";
import { products } from "../../db/schema";
import type { SessionUser } from "../accounts/sessions";
import { toProductDTO, type ProductDTO } from "./product-dto";
import { memoKey, recall, remember } from "./catalog-memo";
import { customerVisible, isStaff } from "./visibility";

export const SORTS = ["asc", "desc", "newest", "oldest"] as const;
export type ProductSort = (typeof SORTS)[number];

const flag = z
  .enum(["true", "false", "1", "0"])
  .transform((v) => v === "true" || v === "1")
  .optional()
  .catch(undefined);

/** "MIN-MAX" in EGP, e.g. "1000-5000"; either side may be empty ("-3000", "2000-"). */
const priceRange = z
  .string()
  .regex(/^\s*\d{0,7}(\.\d{1,2})?\s*-\s*\d{0,7}(\.\d{1,2})?\s*$/)
  .transform((v) => {
    const [a, b] = v.split("-").map((s) => s.trim());
    const min = a ? Number(a) : undefined;
    const max = b ? Number(b) : undefined;
    if (min !== undefined && max !== undefined && min > max) return { min: max, max: min };
    return { min, max };
  })
  .optional()
  .catch(undefined);

/**
 * GET /api/products query (DESIGN.md §4). Every field falls back instead of failing: a nonsense
 * value is ignored, never a 400 or a 500, so shared and hand-edited shop links keep working.
 */
export const productQuerySchema = z.object({
  search: z.string().trim().max(100).optional().catch(undefined),
  /** The admin lists' name for the same thing. */
  searchTerm: z.string().trim().max(100).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).catch(LIMITS.defaultPageSize).default(LIMITS.defaultPageSize),
  category: z.enum(CATEGORIES).optional().catch(undefined),
  collection: z.enum(COLLECTIONS).optional().catch(undefined),
  sortBy: z.enum(SORTS).optional().catch(undefined),
  inStock: flag,
  discount: flag,
  price: priceRange,
  hidden: flag,
});

export type ProductQuery = z.infer<typeof productQuerySchema>;
export type ProductQueryInput = z.input<typeof productQuerySchema>;

export interface ProductPage {
  products: ProductDTO[];
  metadata: { totalPages: number; page: number; limit: number; total: number };
}

/** LIKE wildcards typed by a shopper are literal characters. */
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Below pg_trgm's default 0.6, so that "abya" still finds "Abaya". */
const TYPO_SIMILARITY = 0.3;

/**
 * The folded search condition and its relevance rank. The "contains" mode is a LIKE on the folded
 * text, answered by the trigram index and cheap to recheck; ranked exact word, then word prefix,
 * then anywhere. The "typo" mode, tried only when that finds nothing, matches close words
 * (`<%`, also indexed; the caller lowers its threshold) and ranks by similarity.
 */
export function searchMatch(search: string, mode: "contains" | "typo" = "contains"): { where: SQL; rank: SQL } | null {
  const q = foldSearchText(search);
  if (!q) return null;
  if (mode === "typo") {
    return { where: sql`${q} <% ${products.searchText}`, rank: sql`word_similarity(${q}, ${products.searchText}) desc` };
  }
  const where = sql`${products.searchText} like ${`%${escapeLike(q)}%`}`;
  const padded = sql`(' ' || ${products.searchText} || ' ')`;
  const rank = sql`case when position(${` ${q} `} in ${padded}) > 0 then 0 when position(${` ${q}`} in ${padded}) > 0 then 1 else 2 end`;
  return { where, rank };
}

/** The conditions of a query for this viewer: customers only ever see approved, not deleted products. */
export function productFilters(query: ProductQuery, viewer: SessionUser | null): SQL[] {
  const where: SQL[] = [];
  if (isStaff(viewer)) {
    where.push(eq(products.status, "approved"), eq(products.hidden, query.hidden === true));
  } else {
    where.push(customerVisible());
  }
  if (query.category) where.push(eq(products.category, query.category));
  if (query.collection) where.push(eq(products.collection, query.collection));
  if (query.inStock) where.push(gt(products.stock, 0));
  if (query.discount) where.push(gt(products.discount, 0));
  if (query.price?.min !== undefined) where.push(gte(products.totalPrice, toPiastres(query.price.min)));
  if (query.price?.max !== undefined) where.push(lte(products.totalPrice, toPiastres(query.price.max)));
  return where;
}

/**
 * The shop listing: the page and the count, run together, whatever the page size (the count is
 * skipped while it is memoised, see catalog-memo.ts).
 * Price sorts use the stored price a customer pays (docs/decisions/004). A search that finds
 * nothing is tried once more tolerating typos, in a transaction that lowers pg_trgm's threshold.
 */
export async function listProducts(
  deps: Pick<AppDeps, "db">,
  query: ProductQuery,
  viewer: SessionUser | null,
): Promise<ProductPage> {
  const text = query.search ?? query.searchTerm ?? "";
  const page = await listPage(deps.db, query, viewer, text, "contains");
  if (page.metadata.total === 0 && foldSearchText(text).length >= 3) {
    return deps.db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('pg_trgm.word_similarity_threshold', ${String(TYPO_SIMILARITY)}, true)`);
      return listPage(tx, query, viewer, text, "typo", deps.db);
    });
  }
  return page;
}

async function listPage(
  db: DbOrTx,
  query: ProductQuery,
  viewer: SessionUser | null,
  text: string,
  mode: "contains" | "typo",
  memoDb: object = db,
): Promise<ProductPage> {
  const search = searchMatch(text, mode);
  const where = productFilters(query, viewer);
  if (search) where.push(search.where);
  const condition = and(...where);

  const order: SQL[] = [];
  if (query.sortBy === "asc") order.push(asc(products.totalPrice));
  else if (query.sortBy === "desc") order.push(desc(products.totalPrice));
  else if (query.sortBy === "oldest") order.push(asc(products.createdAt));
  else if (query.sortBy === "newest") order.push(desc(products.createdAt));
  else if (search) order.push(search.rank);
  order.push(query.sortBy === "oldest" ? asc(products.createdAt) : desc(products.createdAt), asc(products.id));

  const { page, limit } = query;
  const offset = (page - 1) * limit;
  const key = memoKey(memoDb, {
    count: true,
    staff: isStaff(viewer), hidden: query.hidden === true, category: query.category, collection: query.collection,
    inStock: query.inStock, discount: query.discount, price: query.price, q: search ? foldSearchText(text) : null, mode,
  });
  const known = recall<number>(key);
  const [rows, counted] = await Promise.all([
    db.select().from(products).where(condition).orderBy(...order).limit(limit).offset(offset),
    known === undefined ? db.select({ total: sql<number>`count(*)::int` }).from(products).where(condition) : null,
  ]);
  const total = known ?? counted![0]!.total;
  if (known === undefined) remember(key, total);
  return {
    products: rows.map(toProductDTO),
    metadata: { totalPages: Math.ceil(total / limit), page, limit, total },
  };
}
