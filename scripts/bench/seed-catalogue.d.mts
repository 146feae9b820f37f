// Types of scripts/bench/seed-catalogue.mjs for the TypeScript test that checks the bench's catalogue.
export function seedProducts(
  db: { query(sql: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }> },
  options: { products: number; sampleIds: number },
): Promise<{ ms: number; ids: string[] }>;
