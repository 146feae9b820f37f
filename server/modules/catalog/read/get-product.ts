import { eq, sql } from "drizzle-orm";
import { preparedPerDatabase } from "../../../db/prepared";
import type { AppDeps } from "../../../deps";
import { products } from "../../../db/schema";
import { AppError } from "../../../errors";
import type { SessionUser } from "../../accounts/sessions";
import { productRowColumns, toProductDTO, type ProductDTO, type ProductRow } from "../product-dto";
import { isUuid } from "../../../db/ids";
import { isStaff } from "@core/roles";

export const productNotFound = () => new AppError("not_found", "catalog.productNotFound");

/** The read by id (server/db/prepared.ts). */
const findById = preparedPerDatabase((db) =>
  db
    .select(productRowColumns)
    .from(products)
    .where(eq(products.id, sql.placeholder("id")))
    .limit(1)
    .prepare("product_by_id"),
);

/** A row by id whatever its state, or null (staff tools use this; customers go through getProduct). */
export async function findProductRow(deps: Pick<AppDeps, "db">, id: string): Promise<ProductRow | null> {
  if (!isUuid(id)) return null;
  const [row] = (await findById(deps.db).execute({ id })) as ProductRow[];
  return row ?? null;
}

/**
 * One product. An unknown or malformed id, and a pending or deleted product seen by anyone but
 * staff, are all the same "not found", so a customer learns nothing about unpublished products.
 */
export async function getProduct(
  deps: Pick<AppDeps, "db">,
  id: string,
  viewer: SessionUser | null,
): Promise<ProductDTO> {
  const row = await findProductRow(deps, id);
  if (!row) throw productNotFound();
  if (!isStaff(viewer) && (row.status !== "approved" || row.hidden)) throw productNotFound();
  return toProductDTO(row);
}
