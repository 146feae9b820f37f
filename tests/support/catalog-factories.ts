/** Catalogue test data: products, discounts, banners, headlines, posts, each new and unique. */
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "../../server/db/client";
import { discounts, headlines, posts, products, promoBanners } from "../../server/db/schema";
import { buildSearchText } from "../../server/modules/catalog/search-text";
import { refreshProductPricing } from "../../server/modules/catalog/refresh-pricing";
import { variantsFromProductStock } from "../../server/modules/catalog/variants";

type ProductInsert = typeof products.$inferInsert;

/** A valid product form body (EGP) for POST /api/products. */
export function productBody(overrides: Record<string, unknown> = {}) {
  return {
    name: `Linen Midi Dress ${crypto.randomBytes(3).toString("hex")}`,
    nameAr: "فستان ميدي كتان",
    code: `LMD-${crypto.randomInt(10_000, 99_999)}-${crypto.randomBytes(2).toString("hex")}`,
    description: "A breezy linen dress for warm days.",
    descriptionAr: "فستان كتان خفيف للأيام الدافئة.",
    category: "dresses",
    collection: "summer",
    price: 850,
    stock: 12,
    images: ["/uploads/test-image-800.webp"],
    sizes: ["S", "M", "L"],
    colors: ["#c8a27a"],
    specifications: ["100% linen"],
    specificationsAr: ["كتان 100%"],
    ...overrides,
  };
}

/** Inserts a product straight into the database (prices in piastres), priced by the discounts in force. */
export async function makeProduct(db: Db, overrides: Partial<ProductInsert> = {}) {
  const base: ProductInsert = {
    name: `Test Blouse ${crypto.randomBytes(3).toString("hex")}`,
    code: `TB-${crypto.randomBytes(4).toString("hex")}`,
    description: "A test product",
    category: "blouses",
    price: 50_000,
    stock: 5,
    images: ["/uploads/a-800.webp", "/uploads/b-800.webp"],
    sizes: ["M"],
    colors: ["#000000"],
    status: "approved",
    ...overrides,
  };
  const [row] = await db
    .insert(products)
    .values({ ...base, searchText: buildSearchText({ ...base, collection: base.collection ?? null }) })
    .returning();
  await refreshProductPricing(db, { productIds: [row!.id] });
  await variantsFromProductStock(db, [row!.id]);
  const [priced] = await db.select().from(products).where(eq(products.id, row!.id));
  return priced!;
}

export async function makeDiscount(db: Db, values: typeof discounts.$inferInsert) {
  const [row] = await db.insert(discounts).values(values).returning();
  await refreshProductPricing(db, { all: true });
  return row!;
}

export async function makeBanner(db: Db, overrides: Partial<typeof promoBanners.$inferInsert> = {}) {
  const [row] = await db
    .insert(promoBanners)
    .values({
      title: "Summer sale",
      description: "Up to 30% off",
      link: "/shop?discount=true",
      image: "/uploads/banner-800.webp",
      ...overrides,
    })
    .returning();
  return row!;
}

export async function makeHeadline(db: Db, overrides: Partial<typeof headlines.$inferInsert> = {}) {
  const [row] = await db
    .insert(headlines)
    .values({ title: "Free delivery", promotion: "On orders over 1500 EGP", ...overrides })
    .returning();
  return row!;
}

export async function makePost(db: Db, overrides: Partial<typeof posts.$inferInsert> = {}) {
  const [row] = await db
    .insert(posts)
    .values({ name: "Salma", description: "Lovely fabric", stars: 5, ...overrides })
    .returning();
  return row!;
}
