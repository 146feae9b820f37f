import { and, asc, desc, eq } from "drizzle-orm";
import { z } from "zod";
import type { Lang } from "@core/constants";
import type { AppDeps } from "../../../deps";
import type { Db } from "../../../db/client";
import { categories, collections, products } from "../../../db/schema";
import { listActiveBanners } from "../../content/banners";
import { bannerDto } from "../../content/content-dto";
import { productDto, productRowColumns, toProductDTO, type ProductDTO, type ProductRow } from "../product-dto";
import { memoGeneration, memoKey, recall, remember } from "./catalog-memo";
import { createSingleFlight } from "./single-flight";
import { newestFirst } from "./listing-query";
import { customerVisible } from "./visibility";

/**
 * Products per home row: a row shows at most 5 at a time and scrolls through the rest, and VIEW ALL
 * opens the whole list. 11 is the fewest that lets SPEC §2's "more than 10 gives 5 per row" happen;
 * rows below the first screen still render placeholders until scrolled near (decisions 080, 138).
 */
export const HOME_ROW_SIZE = 11;

/** GET /api/promos-featuredproducts and the home page's data: the rows, and the hero slides. */
export const homeDataDto = z.object({
  featuredProducts: z.array(productDto),
  bestSellingProducts: z.array(productDto),
  categoryProducts: z.record(z.string(), z.array(productDto)),
  collections: z.record(z.string(), z.array(productDto)),
  promos: z.array(bannerDto),
});
export type HomeData = z.infer<typeof homeDataDto>;

/** Groups rows by a key, keeping their order. */
function groupBy(rows: ProductRow[], key: (r: ProductRow) => string | null): Record<string, ProductDTO[]> {
  const out: Record<string, ProductDTO[]> = {};
  for (const r of rows) {
    const k = key(r);
    if (!k) continue;
    out[k] ??= [];
    out[k].push(toProductDTO(r));
  }
  return out;
}

/**
 * The newest visible products of each category (or active collection): the ids from one index-only
 * probe per category of its listing index, then their rows by id. Read in one step (the rows of the
 * newest products straight from the lateral), PostgreSQL walked the whole-catalogue newest-first
 * index instead, expecting to meet the category's products soon, and for a category or collection
 * without products walked all of it: at a million products 360 ms for four empty collections.
 */
export function newestPerQuery(db: Db, kind: "category" | "collection") {
  const owner = kind === "category" ? categories : collections;
  const column = kind === "category" ? products.category : products.collection;
  const newestIds = db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(column, owner.name), customerVisible()))
    .orderBy(...newestFirst())
    .limit(HOME_ROW_SIZE)
    .as("newest_ids");
  return db
    .select({ product: productRowColumns })
    .from(owner)
    .crossJoinLateral(newestIds)
    .innerJoin(products, eq(products.id, newestIds.id))
    .where(kind === "collection" ? eq(collections.active, true) : undefined)
    .orderBy(asc(owner.sortOrder), ...newestFirst());
}

async function newestPer(db: Db, kind: "category" | "collection"): Promise<ProductRow[]> {
  return (await newestPerQuery(db, kind)).map((r) => r.product);
}

/**
 * GET /api/promos-featuredproducts and the home page loader: five queries in all, run together,
 * whatever the number of categories and collections, then memoised briefly (catalog-memo.ts). Featured are the newest arrivals; the
 * recommended row is the best sellers.
 */
export async function getHomeData(deps: Pick<AppDeps, "db">, lang: Lang): Promise<HomeData> {
  const key = memoKey(deps.db, { home: lang });
  const known = recall<HomeData>(key);
  if (known) return known;
  // Identical misses share one read (issue 14): at a million products the best sellers' sort
  // takes a while, and every visitor arriving meanwhile ran all five queries again. A read that
  // overlapped a catalogue write is not kept (it may predate the write).
  return homeFlights.run(`${memoGeneration()}:${key}`, async () => {
    const since = memoGeneration();
    const home = await readHomeData(deps, lang);
    remember(key, home, since);
    return home;
  });
}

const homeFlights = createSingleFlight();

/** How many home data reads ran, and how many misses waited for one instead (tests). */
export const homeFlightStats = () => homeFlights.stats();

/**
 * The two whole-catalogue rows: the newest arrivals and the best sellers. Each is read from the
 * head of one index (products_listing_newest_idx, products_best_sellers_idx), so neither sorts the
 * catalogue (tests/api/catalog-listing-plans.test.ts EXPLAINs them at a million products).
 */
export function homeRowQueries(db: Db) {
  const visible = customerVisible();
  return {
    featured: db
      .select(productRowColumns)
      .from(products)
      .where(visible)
      .orderBy(...newestFirst())
      .limit(HOME_ROW_SIZE),
    best: db
      .select(productRowColumns)
      .from(products)
      .where(visible)
      .orderBy(desc(products.soldCount), desc(products.createdAt))
      .limit(HOME_ROW_SIZE),
  };
}

async function readHomeData(deps: Pick<AppDeps, "db">, lang: Lang): Promise<HomeData> {
  const { db } = deps;
  const rows = homeRowQueries(db);
  const [featured, best, byCategory, byCollection, promos] = await Promise.all([
    rows.featured,
    rows.best,
    newestPer(db, "category"),
    newestPer(db, "collection"),
    listActiveBanners(db, lang),
  ]);

  return {
    featuredProducts: featured.map(toProductDTO),
    bestSellingProducts: best.map(toProductDTO),
    categoryProducts: groupBy(byCategory, (r) => r.category),
    collections: groupBy(byCollection, (r) => r.collection),
    promos,
  };
}
