/**
 * Whether a size and colour are among a product's own: the cart, the guest-cart merge and the
 * order all ask the same question, so it is answered once. A product without sizes (or colours)
 * takes any; colours compare without case ("#FFF" is "#fff").
 */
export interface ChoiceSource {
  sizes: readonly string[];
  colors: readonly string[];
}

export function choiceAvailable(product: ChoiceSource, size: string, color: string): boolean {
  const sizeOk = product.sizes.length === 0 || product.sizes.includes(size);
  const wanted = color.toLowerCase();
  const colorOk = product.colors.length === 0 || product.colors.some((c) => c.toLowerCase() === wanted);
  return sizeOk && colorOk;
}
