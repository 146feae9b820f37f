import { getTableColumns } from "drizzle-orm";
import { z } from "zod";
import { products } from "../../db/schema";
import { toEgp } from "@core/pricing";

/**
 * The product JSON of DESIGN.md §4, as the API and the page loaders hand it out. Money is in EGP
 * numbers (at most two decimals) at this edge; inside the server it is integer piastres. The
 * schema is the reply contract of every operation that answers products (see server/http/operation.ts).
 */
export const productDto = z.object({
  _id: z.string(),
  name: z.string(),
  /** Arabic text where staff gave it; the UI shows it in Arabic and falls back to English. */
  nameAr: z.string().nullable(),
  code: z.string(),
  description: z.string(),
  descriptionAr: z.string().nullable(),
  category: z.string(),
  collection: z.string().nullable(),
  price: z.number(),
  /** Effective discount percent (the largest active one for product, category or collection). */
  discount: z.number(),
  /** Unit price after the discount, EGP. */
  totalPrice: z.number(),
  stock: z.number(),
  images: z.array(z.string()),
  sizes: z.array(z.string()),
  colors: z.array(z.string()),
  /** One per size and colour pair (issue 15); `stock` above is their sum. */
  variants: z.array(z.object({ size: z.string(), color: z.string(), sku: z.string(), stock: z.number() })),
  specifications: z.array(z.string()),
  specificationsAr: z.array(z.string()),
  bulkDiscountminQuantity: z.number().nullable(),
  bulkDiscount: z.number().nullable(),
  /** True when an active discount with free shipping applies. */
  freeShipping: z.boolean(),
  status: z.enum(["pending", "approved"]),
  hidden: z.boolean(),
  createdAt: z.string(),
});
export type ProductDTO = z.infer<typeof productDto>;

/** A page of the listing (GET /api/products, the shop and the admin lists). */
export const productPageDto = z.object({
  products: z.array(productDto),
  metadata: z.object({
    totalPages: z.number(),
    page: z.number(),
    limit: z.number(),
    total: z.number(),
    /** Present (true) when more products match than were counted: `total` is a lower bound (decision 282). */
    totalIsAtLeast: z.boolean().optional(),
  }),
});
export type ProductPage = z.infer<typeof productPageDto>;

export type ProductRow = typeof products.$inferSelect;

/**
 * The columns the product JSON is made of: lists select just these, leaving out the folded search
 * text and the bookkeeping columns no customer sees.
 */
export const productDtoColumns = {
  id: products.id,
  name: products.name,
  nameAr: products.nameAr,
  code: products.code,
  description: products.description,
  descriptionAr: products.descriptionAr,
  category: products.category,
  collection: products.collection,
  price: products.price,
  discount: products.discount,
  totalPrice: products.totalPrice,
  stock: products.stock,
  images: products.images,
  sizes: products.sizes,
  colors: products.colors,
  variants: products.variants,
  specifications: products.specifications,
  specificationsAr: products.specificationsAr,
  bulkDiscountminQuantity: products.bulkDiscountminQuantity,
  bulkDiscount: products.bulkDiscount,
  freeShipping: products.freeShipping,
  status: products.status,
  hidden: products.hidden,
  createdAt: products.createdAt,
};

export type ProductDtoRow = Pick<ProductRow, keyof typeof productDtoColumns>;

/** A whole products row, its variants with it: for services that need more than the JSON's columns. */
export const productRowColumns = getTableColumns(products);

/** The one place a products row becomes the product JSON: piastres become EGP numbers. */
export function toProductDTO(row: ProductDtoRow): ProductDTO {
  return {
    _id: row.id,
    name: row.name,
    nameAr: row.nameAr,
    code: row.code,
    description: row.description,
    descriptionAr: row.descriptionAr,
    category: row.category,
    collection: row.collection,
    price: toEgp(row.price),
    discount: row.discount,
    totalPrice: toEgp(row.totalPrice),
    stock: row.stock,
    images: row.images,
    sizes: row.sizes,
    colors: row.colors,
    variants: row.variants.map((v) => ({ size: v.size, color: v.color, sku: v.sku, stock: v.stock })),
    specifications: row.specifications,
    specificationsAr: row.specificationsAr,
    bulkDiscountminQuantity: row.bulkDiscountminQuantity,
    bulkDiscount: row.bulkDiscount === null ? null : toEgp(row.bulkDiscount),
    freeShipping: row.freeShipping,
    status: row.status,
    hidden: row.hidden,
    createdAt: row.createdAt.toISOString(),
  };
}
