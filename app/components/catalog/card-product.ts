import type { CardProduct } from "@server/modules/catalog/card-product";
import type { ProductDTO } from "@server/modules/catalog/product-dto";

export { type CardProduct, toCardProduct } from "@server/modules/catalog/card-product";

/** True when the card was given the whole product JSON (shop, wishlist), so Quick View needs no request. */
export const isWholeProduct = (p: CardProduct): p is ProductDTO => "description" in p;
