/**
 * The demo shop's stock per size and colour (issue 15): each product's stock shared over its pairs
 * unevenly, as a real shelf is, with some pairs sold out (every product but the smallest keeps at
 * least one pair in stock). Deterministic, so the demo looks the same on every start.
 */
import { defaultSku, offeredPairs, type Variant } from "@core/variants";

/** Weights for the n-th pair of a product: middle sizes sell best, so they are stocked deepest. */
const WEIGHTS = [3, 5, 0, 4, 2, 6, 1, 0, 3, 2];

export function demoVariants(
  code: string,
  productIndex: number,
  sizes: readonly string[],
  colors: readonly string[],
  total: number,
): Variant[] {
  const pairs = offeredPairs(sizes, colors);
  // Rotate the weights per product so the sold-out pairs differ from one product to the next.
  let weights = pairs.map((_, j) => WEIGHTS[(j + productIndex) % WEIGHTS.length]!);
  if (weights.every((w) => w === 0)) weights = pairs.map(() => 1);
  const sum = weights.reduce((s, w) => s + w, 0);
  const stock = weights.map((w) => Math.floor((total * w) / sum));
  // What rounding left over goes to the most stocked pair, so the product keeps its total.
  const left = total - stock.reduce((s, n) => s + n, 0);
  const deepest = weights.indexOf(Math.max(...weights));
  stock[deepest] = stock[deepest]! + left;
  return pairs.map((p, j) => ({ ...p, sku: defaultSku(code, p.size, p.color), stock: stock[j]! }));
}
