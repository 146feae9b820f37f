import { asc, desc } from "drizzle-orm";
import type { AppDeps } from "../../../deps";
import { categories, products } from "../../../db/schema";
import { customerVisible } from "./visibility";

/** One sitemap file holds at most 50,000 URLs; the static pages and categories take a few. */
export const SITEMAP_MAX_PRODUCTS = 49_000;

export interface SitemapEntries {
  products: { id: string; updatedAt: Date }[];
  categories: string[];
}

/** What /sitemap.xml lists: every product a customer can see (newest first) and every category. */
export async function listSitemapEntries(deps: Pick<AppDeps, "db">): Promise<SitemapEntries> {
  const [rows, cats] = await Promise.all([
    deps.db
      .select({ id: products.id, updatedAt: products.updatedAt })
      .from(products)
      .where(customerVisible())
      .orderBy(desc(products.createdAt))
      .limit(SITEMAP_MAX_PRODUCTS),
    deps.db.select({ name: categories.name }).from(categories).orderBy(asc(categories.sortOrder), asc(categories.name)),
  ]);
  return { products: rows, categories: cats.map((c) => c.name) };
}
