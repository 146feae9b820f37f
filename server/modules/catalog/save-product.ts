import { and, eq, ne } from "drizzle-orm";
import type { ProductCreateInput, ProductUpdateInput } from "@core/validation/product";
import { toPiastres } from "@core/pricing";
import type { AppDeps } from "../../deps";
import { products } from "../../db/schema";
import { AppError } from "../../errors";
import type { SessionUser } from "../accounts/sessions";
import { assertOwnUploads } from "../media/own-uploads";
import { productNotFound } from "./read/get-product";
import { isUuid } from "../../db/ids";
import { productRowColumns, toProductDTO, type ProductDTO } from "./product-dto";
import { emit } from "../../events";
import { recordAudit } from "../audit/audit";
import { refreshProductPricing } from "./refresh-pricing";
import { buildSearchText } from "./search-text";
import { saveVariants } from "./variants";
import type { Pair } from "@core/variants";

/** After the commit: each pair whose stock rose from 0 (back-in-stock listeners react to it). */
function announceRestocks(productId: string, pairs: Pair[]) {
  for (const p of pairs) emit("variant.restocked", { productId, size: p.size, color: p.color });
}

/** The stored columns of a validated form: piastres, and the folded search text. */
function toColumns(input: ProductUpdateInput) {
  const bulk = input.bulkDiscountminQuantity !== undefined && input.bulkDiscount !== undefined;
  return {
    name: input.name,
    nameAr: input.nameAr ?? null,
    code: input.code,
    description: input.description,
    descriptionAr: input.descriptionAr ?? null,
    category: input.category,
    collection: input.collection ?? null,
    price: toPiastres(input.price),
    images: input.images,
    sizes: input.sizes,
    colors: input.colors,
    specifications: input.specifications,
    specificationsAr: input.specificationsAr,
    bulkDiscountminQuantity: bulk ? input.bulkDiscountminQuantity! : null,
    bulkDiscount: bulk ? toPiastres(input.bulkDiscount!) : null,
    searchText: buildSearchText(input),
  };
}

/** 409 with the stock as it is now, so the form can offer to take it over. */
export const stockChanged = (stock: number) =>
  new AppError("conflict", "catalogAdmin.stockChanged", { n: stock }, { stock });

async function assertCodeFree(deps: Pick<AppDeps, "db">, code: string, exceptId?: string) {
  const [taken] = await deps.db
    .select({ id: products.id })
    .from(products)
    .where(exceptId ? and(eq(products.code, code), ne(products.id, exceptId)) : eq(products.code, code))
    .limit(1);
  if (taken) throw new AppError("conflict", "catalogAdmin.codeTaken");
}

/**
 * A new product. A moderator's waits for an admin's approval; an admin's is published at once
 * (DESIGN.md §5). Its price is computed from the discounts already in force.
 */
export async function createProduct(
  deps: Pick<AppDeps, "db">,
  input: ProductCreateInput,
  actor: SessionUser,
): Promise<ProductDTO> {
  assertOwnUploads(input.images);
  await assertCodeFree(deps, input.code);
  const status = actor.role === "admin" ? "approved" : "pending";
  const created = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(products)
      .values({ ...toColumns(input), status, createdBy: actor._id })
      .returning({ id: products.id });
    const restocked = await saveVariants(tx, { id: row!.id, ...input }, input);
    await refreshProductPricing(tx, { productIds: [row!.id] });
    await recordAudit(tx, actor, "product.create", "product", row!.id, { name: input.name, status });
    const [saved] = await tx.select(productRowColumns).from(products).where(eq(products.id, row!.id));
    return { product: toProductDTO(saved!), restocked };
  });
  emit("catalogue.changed", { reason: "product" });
  announceRestocks(created.product._id, created.restocked);
  return created.product;
}

/** Staff edit a product; its state (pending, approved, deleted) stays as it is. */
export async function updateProduct(
  deps: Pick<AppDeps, "db">,
  id: string,
  input: ProductUpdateInput,
  actor: SessionUser,
): Promise<ProductDTO> {
  if (!isUuid(id)) throw productNotFound();
  assertOwnUploads(input.images);
  await assertCodeFree(deps, input.code, id);
  const updated = await deps.db.transaction(async (tx) => {
    // Check and write in one statement: an order committed between the form's load and this save
    // changed the stock, so the row no longer matches and nothing is written (decision 115).
    const unchanged = input.previousStock === undefined ? undefined : eq(products.stock, input.previousStock);
    const [row] = await tx
      .update(products)
      .set({ ...toColumns(input), updatedAt: new Date() })
      .where(unchanged ? and(eq(products.id, id), unchanged) : eq(products.id, id))
      .returning({ id: products.id });
    if (!row) {
      const [now] = await tx.select({ stock: products.stock }).from(products).where(eq(products.id, id));
      if (!now) throw productNotFound();
      throw stockChanged(now.stock);
    }
    // The row is locked by the UPDATE above, so no order moves these variants until the commit;
    // each variant's previousStock is checked against them (decision 115, per variant).
    const restocked = await saveVariants(tx, { id, ...input }, input);
    await refreshProductPricing(tx, { productIds: [id] });
    await recordAudit(tx, actor, "product.update", "product", id, { name: input.name });
    const [saved] = await tx.select(productRowColumns).from(products).where(eq(products.id, id));
    return { product: toProductDTO(saved!), restocked };
  });
  emit("catalogue.changed", { reason: "product" });
  announceRestocks(id, updated.restocked);
  return updated.product;
}

/** Delete hides (SPEC §4): the product leaves the shop, carts and orders keep their history. */
export async function setProductHidden(
  deps: Pick<AppDeps, "db">,
  id: string,
  hidden: boolean,
  actor: SessionUser,
): Promise<void> {
  if (!isUuid(id)) throw productNotFound();
  await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(products)
      .set({ hidden, updatedAt: new Date() })
      .where(eq(products.id, id))
      .returning({ id: products.id, name: products.name });
    if (!row) throw productNotFound();
    await recordAudit(tx, actor, hidden ? "product.delete" : "product.restore", "product", id, { name: row.name });
  });
  emit("catalogue.changed", { reason: "product" });
}
