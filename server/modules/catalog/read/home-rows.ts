/**
 * The home page's rows as cards, in the order the page shows them (decision 362): the home page's
 * HTML carries the first rows' cards; the rows below the first screen fetch theirs from
 * GET /api/home-rows when the first of them is scrolled near. Carried in the HTML, every row's
 * data was 36 kB of a 144 kB page (13 of its 22 kB compressed), serialised on every render and
 * fetched before the first paint.
 */
import { z } from "zod";
import { CATEGORIES, COLLECTIONS, type Lang } from "@core/constants";
import type { AppDeps } from "../../../deps";
import { toCardProduct, type CardProduct } from "../card-product";
import { productDto } from "../product-dto";
import type { SharedText } from "../../../shared-text";
import { memoisedText, memoKey } from "./catalog-memo";
import { getHomeData, type HomeData } from "./home-data";

/** Which row: `collection:<name>`, `featured`, `recommended` or `category:<name>`. */
export type HomeRowKey = `collection:${string}` | "featured" | "recommended" | `category:${string}`;

export interface HomeRow {
  key: HomeRowKey;
  cards: CardProduct[];
}

/** A card's fields of the product JSON (card-product.ts). */
const cardProductDto = productDto.pick({
  _id: true,
  name: true,
  nameAr: true,
  price: true,
  discount: true,
  totalPrice: true,
  stock: true,
  images: true,
  createdAt: true,
});

export const homeRowsDto = z.object({
  rows: z.array(z.object({ key: z.string(), cards: z.array(cardProductDto) })),
});

/** The rows with products, in the page's order: collections, featured, recommended, categories. */
export function homeRows(home: HomeData): HomeRow[] {
  const cards = (products: HomeData["featuredProducts"]) => products.map(toCardProduct);
  const rows: HomeRow[] = [
    ...COLLECTIONS.map((c) => ({ key: `collection:${c}` as const, cards: cards(home.collections[c] ?? []) })),
    { key: "featured", cards: cards(home.featuredProducts) },
    { key: "recommended", cards: cards(home.bestSellingProducts) },
    ...CATEGORIES.map((c) => ({ key: `category:${c}` as const, cards: cards(home.categoryProducts[c] ?? []) })),
  ];
  return rows.filter((row) => row.cards.length > 0);
}

/** GET /api/home-rows as JSON text, memoised with the home data (cleared by catalogue writes). */
export async function homeRowsJson(deps: Pick<AppDeps, "db">, lang: Lang): Promise<SharedText> {
  return memoisedText(memoKey(deps.db, { homeRows: lang }), async () =>
    JSON.stringify({ rows: homeRows(await getHomeData(deps, lang)) }),
  );
}
