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
