import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import type { AppDeps } from "../../deps";
import { products } from "../../db/schema";
import { AppError } from "../../errors";
import type { SessionUser } from "../accounts/sessions";
import { productNotFound } from "./read/get-product";
import { isUuid } from "../../db/ids";
import type { ProductPage, ProductQuery } from "./read/list-products";
import { searchMatch } from "./read/listing-query";
import { productRowColumns, toProductDTO } from "./product-dto";
import { emit } from "../../events";
import { recordAudit } from "../audit/audit";

/** GET /products/pending: products waiting for an admin, newest first (deleted ones excluded). */
export async function listPendingProducts(deps: Pick<AppDeps, "db">, query: ProductQuery): Promise<ProductPage> {
  const where: SQL[] = [eq(products.status, "pending"), eq(products.hidden, false)];
  const search = searchMatch(query.searchTerm ?? query.search ?? "");
  if (search) where.push(search.where);
  const condition = and(...where);
  const { page, limit } = query;
  const [rows, [{ total }]] = await Promise.all([
    deps.db
      .select(productRowColumns)
      .from(products)
      .where(condition)
      .orderBy(desc(products.createdAt), desc(products.id))
      .limit(limit)
      .offset((page - 1) * limit),
    deps.db.select({ total: sql<number>`count(*)::int` }).from(products).where(condition),
  ]);
  return { products: rows.map(toProductDTO), metadata: { totalPages: Math.ceil(total / limit), page, limit, total } };
}

export async function approveProduct(deps: Pick<AppDeps, "db">, id: string, actor: SessionUser): Promise<void> {
  if (!isUuid(id)) throw productNotFound();
  await deps.db.transaction(async (tx) => {
    const [current] = await tx.select({ status: products.status }).from(products).where(eq(products.id, id)).limit(1);
    if (!current) throw productNotFound();
    if (current.status !== "pending") throw new AppError("conflict", "catalogAdmin.notPending");
    await tx.update(products).set({ status: "approved", updatedAt: new Date() }).where(eq(products.id, id));
    await recordAudit(tx, actor, "product.approve", "product", id);
  });
  emit("catalogue.changed", { reason: "approval" });
}

/** Approves every pending product that is not deleted; answers how many. */
export async function approveAllPending(deps: Pick<AppDeps, "db">, actor: SessionUser): Promise<number> {
  const count = await deps.db.transaction(async (tx) => {
    const approved = await tx
      .update(products)
      .set({ status: "approved", updatedAt: new Date() })
      .where(and(eq(products.status, "pending"), eq(products.hidden, false)))
      .returning({ id: products.id });
    await recordAudit(tx, actor, "product.approveAll", "product", null, {
      count: approved.length,
      ids: approved.map((r) => r.id),
    });
    return approved.length;
  });
  emit("catalogue.changed", { reason: "approval" });
  return count;
}
