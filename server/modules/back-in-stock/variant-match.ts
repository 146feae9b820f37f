/**
 * How a visitor's size and colour are matched to a product's own, so the stored subscription uses
 * exactly the strings the "variant.restocked" event carries.
 */

/** The product's spelling of `value` (letter case aside); "" when the product has no such options. */
export function offeredOption(options: string[], value: string): string | undefined {
  if (options.length === 0) return value === "" ? "" : undefined;
  const wanted = value.toLowerCase();
  return options.find((o) => o.toLowerCase() === wanted);
}

/**
 * Whether that size and colour is sold out. Stock is kept per product today, so it is the
 * product's stock; when stock is kept per size and colour (issue 15, variants) this reads the pair.
 */
export const variantSoldOut = (product: { stock: number }, _size: string, _color: string) => product.stock <= 0;
