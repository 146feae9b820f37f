/**
 * How many products a home row shows side by side (SPEC §2 Home): 1 product gives 1, 2 give 2,
 * up to 5 give 3, up to 10 give 4, more give 5.
 */
export function productsPerRow(count: number): number {
  if (count <= 1) return 1;
  if (count === 2) return 2;
  if (count <= 5) return 3;
  if (count <= 10) return 4;
  return 5;
}

/** Columns at each breakpoint: phones never squeeze more than 2 cards, tablets 3. */
export function rowColumns(count: number): { sm: number; md: number; lg: number } {
  const lg = productsPerRow(count);
  return { sm: Math.min(lg, 2), md: Math.min(lg, 3), lg };
}
