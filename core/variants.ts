/**
 * Variants (issue 15): one per size and colour pair a product offers, each with its own stock and
 * SKU. Pure code shared by the server (saves, orders, cart) and the pages (product page, staff grid).
 * A product without sizes (or colours) has "" in that place; colours compare without case.
 */
export interface Variant {
  size: string;
  color: string;
  sku: string;
  stock: number;
}

export interface Pair {
  size: string;
  color: string;
}

export interface VariantSource {
  sizes: readonly string[];
  colors: readonly string[];
  variants: readonly Variant[];
}

/** Every pair of a product's sizes by its colours, sizes first, in the product's order. */
export function offeredPairs(sizes: readonly string[], colors: readonly string[]): Pair[] {
  const sizeList = sizes.length ? sizes : [""];
  const seen = new Set<string>();
  const colorList = (colors.length ? colors : [""]).filter((c) => {
    const k = c.toLowerCase();
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
  return [...new Set(sizeList)].flatMap((size) => colorList.map((color) => ({ size, color })));
}

/** The SKU a pair gets unless staff write another: code-size-colour, as the migration writes it. */
export function defaultSku(code: string, size: string, color: string): string {
  return `${code}-${size.replace(/\s+/g, "")}-${color.replace(/^#/, "")}`.toUpperCase();
}

/**
 * A total over pairs, evenly, the remainder one unit each to the first pairs: how a save without
 * variants (and the migration) places a product-level stock, so the sum is exactly the total.
 */
export function spreadStock(total: number, count: number): number[] {
  if (count <= 0) return [];
  const base = Math.floor(Math.max(0, total) / count);
  const rest = Math.max(0, total) - base * count;
  return Array.from({ length: count }, (_, i) => base + (i < rest ? 1 : 0));
}

/** Whether a variant is the pair asked for (a product without sizes takes any size, and so on). */
export function isPair(product: Pick<VariantSource, "sizes" | "colors">, v: Pair, size: string, color: string) {
  const sizeOk = product.sizes.length === 0 ? v.size === "" : v.size === size;
  const colorOk = product.colors.length === 0 ? v.color === "" : v.color.toLowerCase() === color.toLowerCase();
  return sizeOk && colorOk;
}

/** The variant of a size and colour, or undefined when the product does not offer that pair. */
export function findVariant(product: VariantSource, size: string, color: string): Variant | undefined {
  return product.variants.find((v) => isPair(product, v, size, color));
}

/** Units left of one pair (0 for a pair the product does not offer). */
export function variantStock(product: VariantSource, size: string, color: string): number {
  return findVariant(product, size, color)?.stock ?? 0;
}

/** The stored key of a pair: "" where the product has no sizes (or colours), the product's own colour spelling. */
export function storedPair(product: Pick<VariantSource, "sizes" | "colors">, size: string, color: string): Pair {
  const ownColor = product.colors.find((c) => c.toLowerCase() === color.toLowerCase());
  return {
    size: product.sizes.length === 0 ? "" : size,
    color: product.colors.length === 0 ? "" : (ownColor ?? color),
  };
}
