import type { ProductDTO } from "@server/modules/catalog/product-dto";

/** What a product card shows: name, two images, price and badges. Quick View fetches the rest. */
export type CardProduct = Pick<
  ProductDTO,
  "_id" | "name" | "nameAr" | "price" | "discount" | "totalPrice" | "stock" | "images" | "createdAt"
>;

/** A third of the product JSON's size: the home page sends some 200 products to the browser. */
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

/** True when the card was given the whole product JSON (shop, wishlist), so Quick View needs no request. */
export const isWholeProduct = (p: CardProduct): p is ProductDTO => "description" in p;
