/**
 * What a product shows in the current language: the Arabic interface uses the Arabic name,
 * description and specifications where staff gave them, the English text otherwise.
 */
import type { Lang } from "@core/constants";
import { LIMITS } from "@core/constants";
import type { ProductDTO } from "@server/modules/catalog/product-dto";

type Texts = Pick<
  ProductDTO,
  "name" | "nameAr" | "description" | "descriptionAr" | "specifications" | "specificationsAr"
>;

export function productName(p: Pick<Texts, "name" | "nameAr">, lang: Lang): string {
  return lang === "ar" && p.nameAr?.trim() ? p.nameAr : p.name;
}

export function productDescription(p: Pick<Texts, "description" | "descriptionAr">, lang: Lang): string {
  return lang === "ar" && p.descriptionAr?.trim() ? p.descriptionAr : p.description;
}

export function productSpecifications(p: Pick<Texts, "specifications" | "specificationsAr">, lang: Lang): string[] {
  const ar = p.specificationsAr.filter((s) => s.trim());
  return lang === "ar" && ar.length ? ar : p.specifications.filter((s) => s.trim());
}

const DAY_MS = 24 * 3600 * 1000;

/** The NEW badge: created within the last 7 days (SPEC §9). */
export function isNewProduct(createdAt: string, now: number = Date.now()): boolean {
  const t = Date.parse(createdAt);
  return Number.isFinite(t) && now - t >= -DAY_MS && now - t < LIMITS.newBadgeDays * DAY_MS;
}

export const isSoldOut = (p: Pick<ProductDTO, "stock">) => p.stock <= 0;
export const isDiscounted = (p: Pick<ProductDTO, "discount" | "price" | "totalPrice">) =>
  p.discount > 0 && p.totalPrice < p.price;
