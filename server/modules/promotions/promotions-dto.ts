/** The promotions module's replies (SPEC §7 Discounts and promo codes), as zod schemas. */
import { z } from "zod";

/** A discount on one category, collection or product. */
export const discountDto = z.object({
  _id: z.string(),
  discount: z.number(),
  hasShipping: z.boolean(),
  active: z.boolean(),
  productId: z.string().nullable(),
  /** The product's name, for the back office's list. */
  productName: z.string().nullable(),
  /** Its Arabic name where staff gave one, for the Arabic screen. */
  productNameAr: z.string().nullable(),
  category: z.string().nullable(),
  collectionName: z.string().nullable(),
  createdAt: z.string(),
});
export type DiscountDTO = z.infer<typeof discountDto>;

export const promoCodeDto = z.object({
  _id: z.string(),
  code: z.string(),
  discountValue: z.number(),
  usageLimit: z.number(),
  uses: z.number(),
  expDate: z.string(),
  active: z.boolean(),
  createdAt: z.string(),
});
export type PromoCodeDTO = z.infer<typeof promoCodeDto>;
