/**
 * The catalogue's shopper-facing operations (SPEC §2): the home data, the listing and search (the
 * search box's suggestions are the listing's first page), one product, and the wishlist. The staff
 * operations (create, update, delete, restore, approve, the pending list) are in staff-contract.ts.
 */
import { z } from "zod";
import { shopQuerySchema } from "@core/shop-query";
import { defineOperation } from "../../http/operation";
import { homeDataDto } from "./read/home-data";
import { homeRowsDto } from "./read/home-rows";
import { productDto, productPageDto } from "./product-dto";

const idParams = z.object({ id: z.string().max(100) });
const message = z.object({ message: z.string() });

export const catalogContract = {
  getHomeData: defineOperation({
    method: "GET",
    path: "/promos-featuredproducts",
    access: "public",
    summary: "The home page's rows (featured, best sellers, per category and collection) and hero slides",
    reply: homeDataDto,
  }),
  getHomeRows: defineOperation({
    method: "GET",
    path: "/home-rows",
    access: "public",
    summary: "The home page's rows as product cards, in the page's order (its rows below the first screen read them)",
    reply: homeRowsDto,
  }),
  listProducts: defineOperation({
    method: "GET",
    path: "/products",
    access: "public",
    summary: "The shop listing and search: filters, sort and page (the same query as /shop's URL)",
    query: shopQuerySchema,
    reply: productPageDto,
  }),
  getProduct: defineOperation({
    method: "GET",
    path: "/products/:id",
    access: "public",
    summary: "One product; pending and deleted ones only for staff",
    params: idParams,
    reply: productDto,
  }),
  getWishlist: defineOperation({
    method: "GET",
    path: "/wishlist",
    access: "user",
    summary: "The signed-in customer's wishlist, newest first",
    reply: z.array(productDto),
  }),
  addToWishlist: defineOperation({
    method: "POST",
    path: "/wishlist",
    access: "user",
    summary: "Adds a visible product to the wishlist (twice keeps one)",
    body: z.object({ productId: z.string().max(100) }),
    reply: message,
  }),
  removeFromWishlist: defineOperation({
    method: "DELETE",
    path: "/wishlist/:productId",
    access: "user",
    summary: "Removes a product from the wishlist (absent is not an error)",
    params: z.object({ productId: z.string().max(100) }),
    reply: message,
  }),
};
