/**
 * The cart calls of SPEC §7 with the rules of SPEC §5 Cart. Messages are i18n keys
 * (core/i18n/<lang>/orders-api.json). Size and colour are checked against the product by the service.
 */
import { z } from "zod";
import { LIMITS } from "../constants";

const productId = z
  .string({ error: "ordersApi.productRequired" })
  .trim()
  .min(1, "ordersApi.productRequired")
  .max(64, "validation.tooLong");
const choice = z
  .string({ error: "ordersApi.selectSizeColor" })
  .trim()
  .min(1, "ordersApi.selectSizeColor")
  .max(60, "validation.tooLong");
const wholeNumber = (message: string) =>
  z.preprocess(
    (v) => (typeof v === "string" && v.trim() !== "" ? Number(v) : v),
    z.number({ error: message }).int(message),
  );

/** POST /api/cart: adds to the line with the same product, colour and size. */
export const addToCartInput = z.object({
  productId,
  quantity: wholeNumber("ordersApi.quantityMin").pipe(
    z.number().min(1, "ordersApi.quantityMin").max(LIMITS.cartLineMaxQuantity, "ordersApi.quantityMax"),
  ),
  size: choice,
  color: choice,
});
export type AddToCartInput = z.infer<typeof addToCartInput>;

/** PUT /api/cart: quantity is a delta (+1 / -1) applied to the existing line. */
export const updateCartInput = z.object({
  productId,
  quantity: wholeNumber("ordersApi.invalidQuantity").pipe(z.number().min(-100).max(100)),
  size: choice,
  color: choice,
});
export type UpdateCartInput = z.infer<typeof updateCartInput>;

export const removeCartLineQuery = z.object({
  color: choice,
  size: choice,
});

/**
 * POST /api/cart/merge: a guest's lines at sign-in. Lines are only shape-checked here; the service
 * skips a bad line instead of failing the whole merge.
 */
export const mergeCartInput = z.object({
  items: z
    .array(
      z.object({
        productId: z.string().max(64, "validation.tooLong"),
        quantity: z.coerce.number().int().min(-1000).max(1000).catch(0),
        size: z.string().max(60, "validation.tooLong").catch(""),
        color: z.string().max(60, "validation.tooLong").catch(""),
      }),
    )
    .max(100),
});
export type MergeCartInput = z.infer<typeof mergeCartInput>;
