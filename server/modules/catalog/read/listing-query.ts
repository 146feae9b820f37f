import { and, asc, desc, eq, gte, lte, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { ProductSort } from "@core/shop-query";
import type { ShopQuery as ProductQuery } from "@core/shop-query";
import { toPiastres } from "@core/pricing";
import { foldSearchText } from "@core/search-fold";
import { products } from "../../../db/schema";
import type { SessionUser } from "../../accounts/sessions";
import { isStaff } from "@core/roles";
import { approvedAndHidden, customerVisible } from "./visibility";

/** LIKE wildcards typed by a shopper are literal characters. */
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A search of more words than this is matched as one phrase (a shopper's search is a few words). */
export const MAX_SEARCH_WORDS = 4;

/**
 * The words a "contains" search requires, each somewhere in the product's text (decision 355):
 * "linen dress" finds "Linen Summer Dress". Words of one character are left out (they match
 * almost everything); a term that is all such words, or has more than MAX_SEARCH_WORDS words, is
 * required whole, as one phrase.
 */
export function searchWords(q: string): string[] {
  const words = [...new Set(q.split(" ").filter((w) => w.length > 1))];
  return words.length === 0 || words.length > MAX_SEARCH_WORDS ? [q] : words;
}

/** The LIKE pattern that finds a word anywhere in the folded search text. */
export const likePattern = (word: string) => `%${escapeLike(word)}%`;

/** What a "contains" search binds: a LIKE pattern per word, and the padded phrase its rank looks for. */
function containsValues(q: string): Record<string, string> {
  const values: Record<string, string> = { word: ` ${q} `, wordStart: ` ${q}` };
  searchWords(q).forEach((w, i) => {
    values[`like${i}`] = likePattern(w);
  });
  return values;
}

interface ContainsBind {
  likes: unknown[];
  word: unknown;
  wordStart: unknown;
}

/**
 * The relevance rank of a "contains" search over a folded text column: the whole term as a word,
 * then as a word's start, then anything else that matched. `column` is products.search_text, or
 * the same column of a search's candidate rows (listing-statements.ts).
 */
export function containsRank(
  bind: Pick<ContainsBind, "word" | "wordStart">,
  column: AnyColumn = products.searchText,
): SQL {
  const padded = sql`(' ' || ${column} || ' ')`;
  return sql`case when position(${bind.word} in ${padded}) > 0 then 0 when position(${bind.wordStart} in ${padded}) > 0 then 1 else 2 end`;
}

/** The "contains" condition (every word) and rank over values or placeholders (the prepared listing binds them later). */
function containsMatch(bind: ContainsBind): { where: SQL; rank: SQL } {
  const where = and(...bind.likes.map((like) => sql`${products.searchText} like ${like}`))!;
  return { where, rank: containsRank(bind) };
}

/** The placeholders a prepared "contains" search of `words` words binds (listingValues fills them). */
export const containsPlaceholders = (words: number): ContainsBind => ({
  likes: Array.from({ length: words }, (_, i) => sql.placeholder(`like${i}`)),
  word: sql.placeholder("word"),
  wordStart: sql.placeholder("wordStart"),
});

/**
 * Whether a listing of this shape ranks by relevance: a "contains" search with no sort chosen.
 * Its page ranks only the newest candidates (listing-statements.ts, decision 341).
 */
export const ranksByRelevance = (shape: ListingShape): boolean => shape.search && !shape.typo && !shape.sortBy;

/**
 * The folded "contains" search condition and its relevance rank, over values (the staff's pending
 * list, which is not a prepared listing). A LIKE on the folded text, answered by the trigram index
 * and cheap to recheck; ranked exact word, then word prefix, then anywhere.
 */
export function searchMatch(search: string): { where: SQL; rank: SQL } | null {
  const q = foldSearchText(search);
  if (!q) return null;
  const values = containsValues(q);
  const likes = searchWords(q).map((_, i) => values[`like${i}`]);
  return containsMatch({ likes, word: values.word, wordStart: values.wordStart });
}

/**
 * The typo variant of a search, tried only when "contains" finds nothing (list-products.ts): close
 * words (`<%`, also indexed; the caller lowers its threshold in the transaction it runs in),
 * ranked by similarity.
 */
function typoMatch(q: unknown): { where: SQL; rank: SQL } {
  return {
    where: sql`${q} <% ${products.searchText}`,
    rank: sql`word_similarity(${q}, ${products.searchText}) desc`,
  };
}

/**
 * Which parts a listing query has. Each distinct shape is built once and kept as a prepared
 * statement (listing-statements.ts), its values bound per request: building a query through
 * Drizzle cost a fifth of a listing's CPU, and PostgreSQL can reuse the plan.
 */
export interface ListingShape {
  staff: boolean;
  hidden: boolean;
  category: boolean;
  collection: boolean;
  inStock: boolean;
  discount: boolean;
  min: boolean;
  max: boolean;
  search: boolean;
  /** How many words a "contains" search requires (searchWords); 0 without one. */
  searchWords: number;
  /** The search's typo variant: close words instead of "contains" (docs/decisions/118). */
  typo: boolean;
  sortBy: ProductSort | null;
  /**
   * Only products created at or after `since`: a prefix of the catalogue newest first, where a
   * search of common words finds its page by walking (readAmongNewest, decision 382).
   */
  recent?: boolean;
}

/** The values a listing of some shape binds: the `sql.placeholder` names of listingQueries. */
export type ListingValues = Record<string, string | number>;

export function listingShape(query: ProductQuery, viewer: SessionUser | null, q: string, typo = false): ListingShape {
  return {
    staff: isStaff(viewer),
    hidden: isStaff(viewer) && query.hidden === true,
    category: query.category !== undefined,
    collection: query.collection !== undefined,
    inStock: query.inStock === true,
    discount: query.discount === true,
    min: query.price?.min !== undefined,
    max: query.price?.max !== undefined,
    search: q !== "",
    searchWords: q !== "" && !typo ? searchWords(q).length : 0,
    typo: typo && q !== "",
    sortBy: query.sortBy ?? null,
  };
}

export function listingValues(query: ProductQuery, q: string, typo = false): ListingValues {
  const values: ListingValues = { limit: query.limit, offset: (query.page - 1) * query.limit };
  if (query.category) values.category = query.category;
  if (query.collection) values.collection = query.collection;
  if (query.price?.min !== undefined) values.min = toPiastres(query.price.min);
  if (query.price?.max !== undefined) values.max = toPiastres(query.price.max);
  if (q && typo) values.q = q;
  else if (q) Object.assign(values, containsValues(q));
  return values;
}

/** The catalogue's default order and every listing's tie-break: newest first, then by id. */
export const newestFirst = (): SQL[] => [desc(products.createdAt), asc(products.id)];

/**
 * The conditions and order of a listing of this shape, over placeholders. Customers only ever see
 * approved, not deleted products; staff choose between the live and the deleted ones.
 * Price sorts use the stored price a customer pays (docs/decisions/004).
 */
export function listingClauses(shape: ListingShape): { where: SQL; order: SQL[] } {
  const p = sql.placeholder;
  // The fixed conditions are written with their values, not bound: see customerVisible.
  const where: SQL[] = [shape.staff ? approvedAndHidden(shape.hidden) : customerVisible()];
  if (shape.category) where.push(eq(products.category, p("category")));
  if (shape.collection) where.push(eq(products.collection, p("collection")));
  if (shape.inStock) where.push(sql`${products.stock} > 0`);
  if (shape.discount) where.push(sql`${products.discount} > 0`);
  if (shape.min) where.push(gte(products.totalPrice, p("min")));
  if (shape.max) where.push(lte(products.totalPrice, p("max")));
  if (shape.recent) where.push(gte(products.createdAt, p("since")));
  const match = !shape.search
    ? null
    : shape.typo
      ? typoMatch(p("q"))
      : containsMatch(containsPlaceholders(shape.searchWords));
  if (match) where.push(match.where);

  const order: SQL[] = [];
  if (shape.sortBy === "asc") order.push(asc(products.totalPrice));
  else if (shape.sortBy === "desc") order.push(desc(products.totalPrice));
  else if (shape.sortBy === "oldest") order.push(asc(products.createdAt));
  else if (shape.sortBy === "newest") order.push(desc(products.createdAt));
  else if (match) order.push(match.rank);
  if (shape.sortBy === "oldest") order.push(asc(products.createdAt), asc(products.id));
  else order.push(...newestFirst());
  return { where: and(...where)!, order };
}
