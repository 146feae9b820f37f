/**
 * The variants of a product (issue 15, decision 230): writing them on a save, keeping the
 * product's total in step, and reading them into the product JSON. Callers lock the product row
 * first (an UPDATE of it), then touch its variants: orders do the same, so they never deadlock.
 */
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import { defaultSku, offeredPairs, spreadStock, type Pair, type Variant } from "@core/variants";
import type { VariantInput } from "@core/validation/product";
import type { DbOrTx } from "../../db/client";
import { products, productVariants } from "../../db/schema";
import { AppError } from "../../errors";

/**
 * A product's variants as the product JSON lists them, in its size then colour order: what
 * syncProductStock copies onto the product row (products.variants, decision 378).
 */
const variantsOfProduct = sql<Variant[]>`(
  select coalesce(jsonb_agg(jsonb_build_object('size', v.size, 'color', v.color, 'sku', v.sku, 'stock', v.stock)
           order by array_position(${products.sizes}, v.size), array_position(${products.colors}, v.color), v.size, v.color), '[]'::jsonb)
    from ${productVariants} v where v.product_id = ${products.id})`;

const pairKey = (p: Pair) => `${p.size}\u0000${p.color.toLowerCase()}`;

export interface VariantSave {
  /** The total stock when no variants are sent (today's payload). */
  stock?: number;
  variants?: VariantInput[];
}

interface ProductKeys {
  id: string;
  code: string;
  sizes: readonly string[];
  colors: readonly string[];
}

/** 409: a pair's stock moved since the form or sheet was loaded; carries every variant as it is now. */
export const variantStockChanged = (stale: Variant, now: Variant[]) =>
  new AppError(
    "conflict",
    "variants.stockChanged",
    { n: stale.stock, size: stale.size, color: stale.color },
    { stock: now.reduce((s, v) => s + v.stock, 0), variants: now },
  );

async function currentVariants(tx: DbOrTx, productId: string): Promise<Variant[]> {
  return tx
    .select({
      size: productVariants.size,
      color: productVariants.color,
      sku: productVariants.sku,
      stock: productVariants.stock,
    })
    .from(productVariants)
    .where(eq(productVariants.productId, productId));
}

/** The variants a save asks for, one per offered pair. */
function wantedVariants(product: ProductKeys, save: VariantSave, now: Map<string, Variant>): Variant[] {
  const pairs = offeredPairs(product.sizes, product.colors);
  const kept = pairs.map((p) => now.get(pairKey(p)));
  const skuOf = (p: Pair, i: number) => kept[i]?.sku ?? defaultSku(product.code, p.size, p.color);
  if (save.variants) {
    const sent = new Map(save.variants.map((v) => [pairKey(v), v]));
    // A pair the payload leaves out keeps its stored stock (0 when new): a client may send only what changed.
    return pairs.map((p, i) => {
      const v = sent.get(pairKey(p));
      return { ...p, sku: v?.sku ?? skuOf(p, i), stock: v?.stock ?? kept[i]?.stock ?? 0 };
    });
  }
  // Without variants `stock` is the total: the pairs keep their stock when it still adds up to it,
  // otherwise the total is spread evenly over the pairs (decision 230).
  const keptSum = kept.reduce((s, v) => s + (v?.stock ?? 0), 0);
  const total = save.stock ?? keptSum;
  const spread = total === keptSum ? kept.map((v) => v?.stock ?? 0) : spreadStock(total, pairs.length);
  return pairs.map((p, i) => ({ ...p, sku: skuOf(p, i), stock: spread[i]! }));
}

async function assertSkusFree(tx: DbOrTx, productId: string, variants: Variant[]) {
  const skus = variants.map((v) => v.sku.toUpperCase());
  const [taken] = await tx
    .select({ sku: productVariants.sku })
    .from(productVariants)
    .where(and(inArray(sql`upper(${productVariants.sku})`, skus), ne(productVariants.productId, productId)))
    .limit(1);
  if (taken) throw new AppError("conflict", "variants.skuTaken", { sku: taken.sku });
}

/**
 * Writes a product's variants for a save and its total; answers the pairs whose stock rose from 0,
 * for the "variant.restocked" event the caller emits after the commit. The product row must already
 * be locked by this transaction.
 */
export async function saveVariants(tx: DbOrTx, product: ProductKeys, save: VariantSave): Promise<Pair[]> {
  const now = new Map((await currentVariants(tx, product.id)).map((v) => [pairKey(v), v]));
  const stale = (save.variants ?? []).find(
    (v) => v.previousStock !== undefined && v.previousStock !== (now.get(pairKey(v))?.stock ?? 0),
  );
  if (stale) {
    const current = now.get(pairKey(stale)) ?? { size: stale.size, color: stale.color, sku: "", stock: 0 };
    throw variantStockChanged(current, [...now.values()]);
  }
  const wanted = wantedVariants(product, save, now);
  await assertSkusFree(tx, product.id, wanted);
  const keys = new Set(wanted.map(pairKey));
  const gone = [...now.values()].filter((v) => !keys.has(pairKey(v)));
  for (const v of gone) {
    await tx
      .delete(productVariants)
      .where(
        and(
          eq(productVariants.productId, product.id),
          eq(productVariants.size, v.size),
          eq(productVariants.color, v.color),
        ),
      );
  }
  if (wanted.length) {
    await tx
      .insert(productVariants)
      .values(wanted.map((v) => ({ productId: product.id, ...v })))
      .onConflictDoUpdate({
        target: [productVariants.productId, productVariants.size, productVariants.color],
        set: { sku: sql`excluded.sku`, stock: sql`excluded.stock` },
      });
  }
  await syncProductStock(tx, [product.id]);
  return wanted
    .filter((v) => v.stock > 0 && (now.get(pairKey(v))?.stock ?? 0) === 0)
    .map(({ size, color }) => ({ size, color }));
}

/**
 * products.stock := the sum of the product's variants (decision 230), and products.variants := a
 * copy of them (decision 378), in the one UPDATE every variant write ends with.
 */
export async function syncProductStock(tx: DbOrTx, productIds: string[]): Promise<void> {
  if (productIds.length === 0) return;
  await tx
    .update(products)
    .set({
      stock: sql`coalesce((select sum(v.stock) from ${productVariants} v where v.product_id = ${products.id}), 0)::int`,
      variants: variantsOfProduct,
    })
    .where(inArray(products.id, productIds));
}

/**
 * Variants for products written straight to the table (the demo seed's bulk insert, test
 * factories): their stock spread over their pairs, as the migration did for existing products.
 */
export async function variantsFromProductStock(tx: DbOrTx, productIds: string[]): Promise<void> {
  if (productIds.length === 0) return;
  const rows = await tx
    .select({
      id: products.id,
      code: products.code,
      sizes: products.sizes,
      colors: products.colors,
      stock: products.stock,
    })
    .from(products)
    .where(inArray(products.id, productIds));
  const values = rows.flatMap((p) => {
    const pairs = offeredPairs(p.sizes, p.colors);
    const spread = spreadStock(p.stock, pairs.length);
    return pairs.map((pair, i) => ({
      productId: p.id,
      ...pair,
      sku: defaultSku(p.code, pair.size, pair.color),
      stock: spread[i]!,
    }));
  });
  for (let i = 0; i < values.length; i += 1000) {
    await tx
      .insert(productVariants)
      .values(values.slice(i, i + 1000))
      .onConflictDoNothing();
  }
  await syncProductStock(tx, productIds);
}
