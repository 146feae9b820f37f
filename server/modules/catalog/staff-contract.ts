/**
 * The catalogue's staff operations (SPEC §2, §4, §6; DESIGN.md §5): create and edit a product
 * (moderators and admins), delete (hide) it, and the admin's restore, approvals and pending list.
 * The shopper-facing catalogue operations are in contract.ts.
 */
import { z } from "zod";
import { shopQuerySchema } from "@core/shop-query";
import { productCreateInput, productUpdateInput } from "@core/validation/product";
import { defineOperation } from "../../http/operation";
import { productDto, productPageDto } from "./product-dto";

const idParams = z.object({ id: z.string().max(100) });
const message = z.object({ message: z.string() });
const messageWithProduct = message.extend({ product: productDto });

export const catalogStaffContract = {
  // Static before parametric: "pending" is never read as a product id.
  listPendingProducts: defineOperation({
    method: "GET",
    path: "/products/pending",
    access: "admin",
    summary: "Products waiting for an admin's approval, newest first (deleted ones excluded)",
    query: shopQuerySchema,
    reply: productPageDto.extend({ totalPages: z.number() }),
  }),
  approveAllPending: defineOperation({
    method: "PUT",
    path: "/products/pending",
    access: "admin",
    summary: "Approves every pending product",
    reply: message.extend({ count: z.number() }),
  }),
  approveProduct: defineOperation({
    method: "PUT",
    path: "/products/pending/:id",
    access: "admin",
    summary: "Approves one pending product",
    params: idParams,
    reply: message,
  }),
  createProduct: defineOperation({
    method: "POST",
    path: "/products",
    access: "staff",
    summary: "A new product: a moderator's waits for approval, an admin's is published at once",
    body: productCreateInput,
    reply: messageWithProduct,
    status: 201,
  }),
  updateProduct: defineOperation({
    method: "PUT",
    path: "/products/:id",
    access: "staff",
    summary: "Edits a product; with previousStock, refuses (409) when an order changed the stock meanwhile",
    params: idParams,
    body: productUpdateInput,
    reply: messageWithProduct,
  }),
  // Moderators delete from the product page (SPEC §2); restoring is an admin screen (SPEC §6).
  deleteProduct: defineOperation({
    method: "DELETE",
    path: "/products/:id",
    access: "staff",
    summary: "Hides a product from the shop (carts and orders keep their history)",
    params: idParams,
    reply: message,
  }),
  restoreProduct: defineOperation({
    method: "PUT",
    path: "/products/:id/restore",
    access: "admin",
    summary: "Shows a deleted product again",
    params: idParams,
    reply: message,
  }),
};
