// Types only: the browser's product cards import this file, and zod must stay out of their code
// (build-output.e2e). The cards' schema is home-rows.ts's.
import type { ProductDTO } from "./product-dto";

/** What a product card shows: name, two images, price and badges. Quick View fetches the rest. */
export type CardProduct = Pick<
  ProductDTO,
  "_id" | "name" | "nameAr" | "price" | "discount" | "totalPrice" | "stock" | "images" | "createdAt"
>;

/** A third of the product JSON's size: the home page's rows hold some 200 products. */
export function toCardProduct(p: ProductDTO): CardProduct {
  return {
    _id: p._id,
    name: p.name,
    nameAr: p.nameAr,
    price: p.price,
    discount: p.discount,
    totalPrice: p.totalPrice,
    stock: p.stock,
    images: p.images.slice(0, 2),
    createdAt: p.createdAt,
  };
}
