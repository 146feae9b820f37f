import type { ProductDTO } from "@server/modules/catalog/product-dto";
import { variantStock } from "@core/variants";

/**
 * Which sizes and colours are sold out given the other choice (issue 15): a size is sold out in the
 * chosen colour (or, before a colour is chosen, in every colour); likewise a colour in the chosen size.
 */
export function pairAvailability(
  product: Pick<ProductDTO, "sizes" | "colors" | "variants" | "stock">,
  size: string,
  color: string,
) {
  const sizes = product.sizes.length ? product.sizes : [""];
  const colors = product.colors.length ? product.colors : [""];
  const left = (s: string, c: string) => variantStock(product, s, c);
  const soldOutSizes = new Set(
    product.sizes.filter((s) => (color ? left(s, color) <= 0 : colors.every((c) => left(s, c) <= 0))),
  );
  const soldOutColors = new Set(
    product.colors.filter((c) => (size ? left(size, c) <= 0 : sizes.every((s) => left(s, c) <= 0))),
  );
  const pairChosen = (size !== "" || product.sizes.length === 0) && (color !== "" || product.colors.length === 0);
  return { pairChosen, pairStock: pairChosen ? left(size, color) : 0, soldOutSizes, soldOutColors };
}
