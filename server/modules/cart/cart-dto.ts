import { z } from "zod";
import { productDto } from "../catalog/product-dto";

/** One line of the signed-in customer's cart (DESIGN.md §4): one product in one colour and size. */
export const cartLineDto = z.object({
  _id: z.string(),
  productId: productDto,
  quantity: z.number(),
  color: z.string(),
  size: z.string(),
});
export type CartLineDTO = z.infer<typeof cartLineDto>;

export const cartDto = z.object({
  cart: z.array(cartLineDto),
  /** EGP, server-priced with bulk sets and discounts. */
  cartTotal: z.number(),
});
export type CartDTO = z.infer<typeof cartDto>;
