/**
 * Test data for carts, shipping, promo codes and orders. Products are inserted directly with the
 * schema; their denormalised discount, total_price and free_shipping are set consistently with
 * core/pricing, as the catalogue's refreshProductPricing would.
 */
import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../server/db/client";
import { products, productVariants, promoCodes, shippingOptions } from "../../server/db/schema";
import { syncProductStock, variantsFromProductStock } from "../../server/modules/catalog/variants";
import { applyPercent } from "../../core/pricing";

export interface MakeProductOptions {
  name?: string;
  nameAr?: string | null;
  /** Piastres. */
  price?: number;
  stock?: number;
  /** Effective discount percent. */
  discount?: number;
  freeShipping?: boolean;
  sizes?: string[];
  colors?: string[];
  images?: string[];
  category?: string;
  collection?: string | null;
  bulkDiscountminQuantity?: number | null;
  /** Piastres, price of one full set before the discount. */
  bulkDiscount?: number | null;
  status?: "pending" | "approved";
  hidden?: boolean;
  /**
   * Each pair's stock (the others 0). Without it the whole `stock` is on M in #000000, the pair the
   * order tests buy, when the product offers it; otherwise spread over the pairs (decision 230).
   */
  variants?: { size: string; color: string; stock: number }[];
}

/**
 * Variants for a product inserted straight into the table: the given pairs' stock (the others 0),
 * or its stock spread over its pairs; the product's stock becomes their sum.
 */
export async function giveVariants(
  db: Db,
  productId: string,
  variants?: { size: string; color: string; stock: number }[],
) {
  await variantsFromProductStock(db, [productId]);
  if (!variants) return;
  await db.update(productVariants).set({ stock: 0 }).where(eq(productVariants.productId, productId));
  for (const v of variants) {
    await db
      .update(productVariants)
      .set({ stock: v.stock })
      .where(
        and(
          eq(productVariants.productId, productId),
          eq(productVariants.size, v.size),
          eq(productVariants.color, v.color),
        ),
      );
  }
  await syncProductStock(db, [productId]);
}

export async function makeProduct(db: Db, o: MakeProductOptions = {}) {
  const price = o.price ?? 50_000;
  const discount = o.discount ?? 0;
  const name = o.name ?? `Linen dress ${crypto.randomBytes(3).toString("hex")}`;
  const [row] = await db
    .insert(products)
    .values({
      name,
      nameAr: o.nameAr ?? null,
      code: `LD-${crypto.randomInt(10_000, 99_999)}`,
      description: "A light linen dress.",
      category: o.category ?? "dresses",
      collection: o.collection ?? null,
      price,
      stock: o.stock ?? 5,
      images: o.images ?? ["/uploads/dress.webp"],
      sizes: o.sizes ?? ["S", "M", "L"],
      colors: o.colors ?? ["#000000", "#ffffff"],
      bulkDiscountminQuantity: o.bulkDiscountminQuantity ?? null,
      bulkDiscount: o.bulkDiscount ?? null,
      status: o.status ?? "approved",
      hidden: o.hidden ?? false,
      discount,
      totalPrice: applyPercent(price, discount),
      freeShipping: o.freeShipping ?? false,
    })
    .returning();
  const usual = row!.sizes.includes("M") && row!.colors.includes("#000000");
  await giveVariants(
    db,
    row!.id,
    o.variants ?? (usual ? [{ size: "M", color: "#000000", stock: row!.stock }] : undefined),
  );
  const [withStock] = await db.select().from(products).where(eq(products.id, row!.id));
  return withStock!;
}

export async function stockOf(db: Db, productId: string): Promise<number> {
  const [row] = await db.select({ stock: products.stock }).from(products).where(eq(products.id, productId));
  return row.stock;
}

export async function makePromoCode(
  db: Db,
  o: {
    code?: string;
    discountValue?: number;
    usageLimit?: number;
    uses?: number;
    expDate?: Date;
    active?: boolean;
  } = {},
) {
  const [row] = await db
    .insert(promoCodes)
    .values({
      code: o.code ?? `SAVE${crypto.randomBytes(3).toString("hex").toUpperCase()}`,
      discountValue: o.discountValue ?? 10,
      usageLimit: o.usageLimit ?? 100,
      uses: o.uses ?? 0,
      expDate: o.expDate ?? new Date(Date.now() + 7 * 24 * 3600_000),
      active: o.active ?? true,
    })
    .returning();
  return row;
}

export async function usesOf(db: Db, code: string): Promise<number> {
  const [row] = await db.select({ uses: promoCodes.uses }).from(promoCodes).where(eq(promoCodes.code, code));
  return row.uses;
}

/** A city with its own fee (piastres); unique name per call unless given. */
export async function makeCity(
  db: Db,
  o: { city?: string; shipping?: number; additionalCost?: number; estTime?: string } = {},
) {
  const [row] = await db
    .insert(shippingOptions)
    .values({
      city: o.city ?? `Town ${crypto.randomBytes(3).toString("hex")}`,
      shipping: o.shipping ?? 4_000,
      additionalCost: o.additionalCost ?? 0,
      estTime: o.estTime ?? "2-3",
    })
    .returning();
  return row;
}

export { orderPayload, type OrderLine } from "./order-payload";
