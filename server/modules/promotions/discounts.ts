import { and, desc, eq, type SQL } from "drizzle-orm";
import { CATEGORIES, COLLECTIONS } from "@core/constants";
import type { DiscountInput } from "@core/validation/discount";
import type { AppDeps } from "../../deps";
import { discounts, products } from "../../db/schema";
import { AppError } from "../../errors";
import type { SessionUser } from "../accounts/sessions";
import { productNotFound } from "../catalog/read/get-product";
import { isUuid } from "../../db/ids";
import { emit } from "../../events";
import { recordAudit } from "../audit/audit";
import { refreshProductPricing, type PricingScope } from "../catalog/refresh-pricing";
import type { DiscountDTO } from "./promotions-dto";

export type DiscountTarget = { category: string } | { collectionName: string } | { productId: string };

type DiscountRow = typeof discounts.$inferSelect;

type ProductNames = { productName: string | null; productNameAr: string | null };
const NO_NAMES: ProductNames = { productName: null, productNameAr: null };

const toDTO = (d: DiscountRow, { productName, productNameAr }: ProductNames = NO_NAMES): DiscountDTO => ({
  _id: d.id,
  discount: d.discount,
  hasShipping: d.hasShipping,
  active: d.active,
  productId: d.productId,
  productName,
  productNameAr,
  category: d.category,
  collectionName: d.collectionName,
  createdAt: d.createdAt.toISOString(),
});

const discountNotFound = () => new AppError("not_found", "catalogAdmin.discountNotFound");

/** A target named in a path is checked against the fixed lists: anything else has no discount. */
function targetCondition(target: DiscountTarget): SQL | null {
  if ("category" in target)
    return (CATEGORIES as readonly string[]).includes(target.category) ? eq(discounts.category, target.category) : null;
  if ("collectionName" in target) {
    return (COLLECTIONS as readonly string[]).includes(target.collectionName)
      ? eq(discounts.collectionName, target.collectionName)
      : null;
  }
  return isUuid(target.productId) ? eq(discounts.productId, target.productId) : null;
}

function pricingScope(d: {
  productId: string | null;
  category: string | null;
  collectionName: string | null;
}): PricingScope {
  if (d.productId) return { productIds: [d.productId] };
  if (d.category) return { category: d.category };
  return { collection: d.collectionName! };
}

/** The audit trail's target of a discount: its product, category or collection. */
const auditTarget = (d: {
  productId: string | null;
  category: string | null;
  collectionName: string | null;
}): [string, string] =>
  d.productId ? ["product", d.productId] : d.category ? ["category", d.category] : ["collection", d.collectionName!];

/** The discount on a target, or null. */
export async function findDiscount(deps: Pick<AppDeps, "db">, target: DiscountTarget): Promise<DiscountDTO | null> {
  const condition = targetCondition(target);
  if (!condition) return null;
  const [row] = await deps.db
    .select({ d: discounts, productName: products.name, productNameAr: products.nameAr })
    .from(discounts)
    .leftJoin(products, eq(products.id, discounts.productId))
    .where(condition)
    .limit(1);
  return row ? toDTO(row.d, row) : null;
}

export async function listDiscounts(deps: Pick<AppDeps, "db">): Promise<DiscountDTO[]> {
  const rows = await deps.db
    .select({ d: discounts, productName: products.name, productNameAr: products.nameAr })
    .from(discounts)
    .leftJoin(products, eq(products.id, discounts.productId))
    .orderBy(desc(discounts.createdAt));
  return rows.map((r) => toDTO(r.d, r));
}

/**
 * Sets the discount of one target (a second one on the same target replaces the first) and
 * reprices the affected products in the same transaction.
 */
export async function saveDiscount(
  deps: Pick<AppDeps, "db">,
  input: DiscountInput,
  actor: SessionUser,
): Promise<DiscountDTO> {
  const target = {
    productId: input.productId ?? null,
    category: input.category ?? null,
    collectionName: input.collectionName ?? null,
  };
  let names = NO_NAMES;
  if (target.productId) {
    const [p] = await deps.db
      .select({ productName: products.name, productNameAr: products.nameAr })
      .from(products)
      .where(eq(products.id, target.productId))
      .limit(1);
    if (!p) throw productNotFound();
    names = p;
  }
  const conflictTarget = target.productId
    ? discounts.productId
    : target.category
      ? discounts.category
      : discounts.collectionName;
  const saved = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(discounts)
      .values({ ...target, discount: input.discount, hasShipping: input.hasShipping, active: true })
      .onConflictDoUpdate({
        target: conflictTarget,
        set: { discount: input.discount, hasShipping: input.hasShipping, active: true },
      })
      .returning();
    await refreshProductPricing(tx, pricingScope(target));
    await recordAudit(tx, actor, "discount.save", ...auditTarget(target), {
      discount: input.discount,
      hasShipping: input.hasShipping,
    });
    return toDTO(row!, names);
  });
  emit("catalogue.changed", { reason: "pricing" });
  return saved;
}

export async function removeDiscount(
  deps: Pick<AppDeps, "db">,
  target: DiscountTarget,
  actor: SessionUser,
): Promise<void> {
  const condition = targetCondition(target);
  if (!condition) throw discountNotFound();
  await deps.db.transaction(async (tx) => {
    const [row] = await tx.delete(discounts).where(and(condition)).returning();
    if (!row) throw discountNotFound();
    await refreshProductPricing(tx, pricingScope(row));
    await recordAudit(tx, actor, "discount.remove", ...auditTarget(row), { discount: row.discount });
  });
  emit("catalogue.changed", { reason: "pricing" });
}
