/**
 * `npm run bench` measures a catalogue stocked as the shop's is (issue 14 part 1): every product's
 * stock kept per size and colour, spread and named as a save without variants spreads and names it
 * (server/modules/catalog/variants.ts). The bench seeded no variants before, so every product JSON,
 * listing and product page it measured was drawn without them.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultSku, offeredPairs, spreadStock } from "../../core/variants";
import type { Database } from "../../server/db/client";
import { seedReference } from "../../server/db/seed/reference";
import { seedProducts } from "../../scripts/bench/seed-catalogue.mjs";
import { createTestDatabase } from "../support/test-app";

let database: Database;
let seeded: { ms: number; ids: string[] };

type SeedClient = Parameters<typeof seedProducts>[0];
/** The driver's own client under Drizzle (a pg pool or PGlite): both answer `query(sql, params)`. */
const rawClient = () => (database.db as unknown as { $client: SeedClient }).$client;

beforeAll(async () => {
  database = await createTestDatabase();
  // The categories and collections the bench's products name (the bench's server seeds them at start).
  await seedReference(database.db);
  seeded = await seedProducts(rawClient(), {
    products: 60,
    sampleIds: 25,
  });
}, 60_000);
afterAll(async () => {
  await database?.close();
});

interface Row {
  code: string;
  stock: number;
  sizes: string[];
  colors: string[];
  variants: { size: string; color: string; sku: string; stock: number }[] | null;
  /** The product row's copy of them (products.variants, decision 378). */
  copy: Row["variants"];
}

describe("the bench's catalogue", () => {
  it("keeps every product's stock per size and colour, as a save without variants would", async () => {
    const { rows } = await rawClient().query(
      `select p.code, p.stock, p.sizes, p.colors,
              (select json_agg(json_build_object('size', v.size, 'color', v.color, 'sku', v.sku, 'stock', v.stock)
                               order by array_position(p.sizes, v.size), array_position(p.colors, v.color))
                 from product_variants v where v.product_id = p.id) as variants,
              p.variants as copy
         from products p order by p.code`,
    );
    const products = rows as unknown as Row[];
    expect(products).toHaveLength(60);
    expect(products.some((p) => p.stock === 0)).toBe(true);
    for (const p of products) {
      const pairs = offeredPairs(p.sizes, p.colors);
      const stock = spreadStock(p.stock, pairs.length);
      const expected = pairs.map((pair, i) => ({
        ...pair,
        sku: defaultSku(p.code, pair.size, pair.color),
        stock: stock[i],
      }));
      expect(p.variants, p.code).toEqual(expected);
      expect(p.copy, p.code).toEqual(expected);
    }
  });

  it("draws its sample of ids from the catalogue, each once", () => {
    expect(seeded.ids).toHaveLength(25);
    expect(new Set(seeded.ids).size).toBe(25);
  });
});
