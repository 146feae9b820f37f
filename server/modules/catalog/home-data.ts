import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { Lang } from "@core/constants";
import type { AppDeps } from "../../deps";
import { collections, products } from "../../db/schema";
import { listActiveBanners, type BannerDTO } from "../content/banners";
import { toProductDTO, type ProductDTO, type ProductRow } from "./product-dto";
import { customerVisible } from "./visibility";

/** Products per home row: the spec's row shows at most 5 at a time and scrolls through the rest. */
export const HOME_ROW_SIZE = 10;

export interface HomeData {
  featuredProducts: ProductDTO[];
  bestSellingProducts: ProductDTO[];
  categoryProducts: Record<string, ProductDTO[]>;
  collections: Record<string, ProductDTO[]>;
  promos: BannerDTO[];
}

/** Groups rows by a key, keeping their order. */
function groupBy(rows: ProductRow[], key: (r: ProductRow) => string | null): Record<string, ProductDTO[]> {
  const out: Record<string, ProductDTO[]> = {};
  for (const r of rows) {
    const k = key(r);
    if (k) (out[k] ??= []).push(toProductDTO(r));
  }
  return out;
}

/**
 * GET /api/promos-featuredproducts and the home page loader: five queries in all, run together,
 * whatever the number of categories and collections (one windowed query per kind of row).
 */
export async function getHomeData(deps: Pick<AppDeps, "db">, lang: Lang): Promise<HomeData> {
  const { db } = deps;
  const visible = customerVisible();
  const perCategory = db
    .select({ id: products.id, n: sql<number>`row_number() over (partition by ${products.category} order by ${products.createdAt} desc, ${products.id})`.as("n") })
    .from(products)
    .where(visible)
    .as("per_category");
  const perCollection = db
    .select({ id: products.id, n: sql<number>`row_number() over (partition by ${products.collection} order by ${products.createdAt} desc, ${products.id})`.as("n") })
    .from(products)
    .innerJoin(collections, and(eq(collections.name, products.collection), eq(collections.active, true)))
    .where(visible)
    .as("per_collection");

  const [featured, best, byCategory, byCollection, promos] = await Promise.all([
    // Featured: the discounted pieces first, then the newest.
    db.select().from(products).where(visible).orderBy(desc(sql`${products.discount} > 0`), desc(products.createdAt)).limit(HOME_ROW_SIZE),
    db.select().from(products).where(visible).orderBy(desc(products.soldCount), desc(products.createdAt)).limit(HOME_ROW_SIZE),
    db
      .select({ p: products })
      .from(products)
      .innerJoin(perCategory, and(eq(perCategory.id, products.id), sql`${perCategory.n} <= ${HOME_ROW_SIZE}`))
      .orderBy(asc(products.category), desc(products.createdAt), asc(products.id)),
    db
      .select({ p: products })
      .from(products)
      .innerJoin(perCollection, and(eq(perCollection.id, products.id), sql`${perCollection.n} <= ${HOME_ROW_SIZE}`))
      .orderBy(asc(products.collection), desc(products.createdAt), asc(products.id)),
    listActiveBanners(db, lang),
  ]);

  return {
    featuredProducts: featured.map(toProductDTO),
    bestSellingProducts: best.map(toProductDTO),
    categoryProducts: groupBy(byCategory.map((r) => r.p), (r) => r.category),
    collections: groupBy(byCollection.map((r) => r.p), (r) => r.collection),
    promos,
  };
}

