export { type CardProduct, toCardProduct } from "@server/modules/catalog/card-product";
