/** The cart operations of SPEC §7 (signed-in customers; a guest's cart lives in the browser). */
import { z } from "zod";
import { addToCartInput, mergeCartInput, removeCartLineQuery, updateCartInput } from "@core/validation/cart";
import { defineOperation } from "../../http/operation";
import { cartDto } from "./cart-dto";

const cartWithMessage = cartDto.extend({ message: z.string() });

export const cartContract = {
  getCart: defineOperation({
    method: "GET",
    path: "/cart",
    access: "user",
    summary: "The signed-in customer's cart, priced by the server",
    reply: cartDto,
  }),
  addToCart: defineOperation({
    method: "POST",
    path: "/cart",
    access: "user",
    summary: "Adds to the line with the same product, colour and size",
    body: addToCartInput,
    reply: cartWithMessage,
  }),
  updateCartLine: defineOperation({
    method: "PUT",
    path: "/cart",
    access: "user",
    summary: "Changes a line's quantity by a delta (+1 / -1)",
    body: updateCartInput,
    reply: cartWithMessage,
  }),
  mergeGuestCart: defineOperation({
    method: "POST",
    path: "/cart/merge",
    access: "user",
    summary: "Adds a guest's lines at sign-in; lines that no longer fit are skipped",
    body: mergeCartInput,
    reply: cartWithMessage.extend({ skipped: z.number() }),
  }),
  // Static before parametric: "clear" is never read as a product id.
  clearCart: defineOperation({
    method: "DELETE",
    path: "/cart/clear",
    access: "user",
    summary: "Empties the cart",
    reply: cartWithMessage,
  }),
  removeCartLine: defineOperation({
    method: "DELETE",
    path: "/cart/:productId",
    access: "user",
    summary: "Removes one line (product, colour and size)",
    params: z.object({ productId: z.string() }),
    query: removeCartLineQuery,
    reply: cartWithMessage,
  }),
};
