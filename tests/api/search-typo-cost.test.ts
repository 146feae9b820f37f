/**
 * A search that finds nothing is tried again tolerating typos, a far dearer query: only for terms a
 * shopper could mistype, not again for a term that just missed, and a few at a time (issue 11,
 * item 5; docs/decisions/118). The typo try runs in its own transaction, so counting the
 * transactions opened at the driver tells whether it ran.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import * as schema from "../../server/db/schema";
import type { Db } from "../../server/db/client";
import { createTestApp, type TestApp } from "../support/test-app";
import { makeProduct } from "../support/catalog-factories";
import { shopQuerySchema } from "../../core/shop-query";
import { listProducts } from "../../server/modules/catalog/read/list-products";
import { invalidateCatalogMemo } from "../../server/modules/catalog/read/catalog-memo";
import {
  forgetTypoMisses,
  TYPO_MAX_RUNNING,
  typoTries,
  withTypoSlot,
} from "../../server/modules/catalog/read/typo-fallback";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await makeProduct(t.deps.db, { name: "Ramadan Abaya", category: "dresses", code: "RA-20001" });
  await makeProduct(t.deps.db, { name: "Linen Wide Pants", category: "pants", code: "LW-20002" });
});
afterAll(() => t.close());
beforeEach(() => {
  invalidateCatalogMemo();
  forgetTypoMisses();
});

/**
 * The app's database seen through a driver that counts plain queries and the transactions opened
 * (PGlite's `transaction`, node-postgres' pool `connect`), which only the typo try uses.
 */
function countingDb() {
  let queries = 0;
  let transactions = 0;
  const client = (t.deps.db as unknown as { $client: object }).$client;
  const counting = new Proxy(client, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target);
      if (typeof value !== "function") return value;
      if (prop === "query")
        return (...args: unknown[]) => {
          queries++;
          return value.apply(target, args);
        };
      if (prop === "transaction" || prop === "connect")
        return (...args: unknown[]) => {
          transactions++;
          return value.apply(target, args);
        };
      return value.bind(target);
    },
  });
  const db = (t.database.driver === "pglite"
    ? drizzlePglite(counting as never, { schema })
    : drizzlePg(counting as never, { schema })) as unknown as Db;
  return {
    db,
    counts: () => ({ queries, transactions }),
    reset: () => {
      queries = 0;
      transactions = 0;
    },
  };
}

const searchWith = (db: Db, search: string) => listProducts({ db }, shopQuerySchema.parse({ search }), null);

describe("the typo try of a search that found nothing", () => {
  it("still finds a mistyped word (the counter sees the typo try)", async () => {
    const counted = countingDb();
    const page = await searchWith(counted.db, "abya");
    expect(page.products.map((p) => p.name)).toEqual(["Ramadan Abaya"]);
    // The word's page and its count are one statement (decision 374); the typo try is its transaction.
    expect(counted.counts()).toEqual({ queries: 1, transactions: 1 });
  });

  it("does not run for a long nonsense term, nor for one of many words, nor for 1-2 characters", async () => {
    const counted = countingDb();
    for (const term of ["zq".repeat(50), "x".repeat(41), "lorem ipsum dolor sit amet", "zz", "q"]) {
      invalidateCatalogMemo();
      counted.reset();
      const page = await searchWith(counted.db, term);
      expect(page.metadata.total, term).toBe(0);
      expect(counted.counts(), term).toEqual({ queries: 1, transactions: 0 });
    }
  });

  it("does not run again for a term whose typo try just found nothing, even after the listing memo is cleared", async () => {
    const counted = countingDb();
    expect((await searchWith(counted.db, "qwxzvb")).metadata.total).toBe(0);
    expect(counted.counts().transactions).toBe(1);
    for (let i = 0; i < 5; i++) {
      invalidateCatalogMemo(); // an order or a product edit clears the listing memo
      counted.reset();
      expect((await searchWith(counted.db, "qwxzvb")).metadata.total).toBe(0);
      expect(counted.counts()).toEqual({ queries: 1, transactions: 0 });
    }
    // A different term is its own try.
    counted.reset();
    await searchWith(counted.db, "qwxzvc");
    expect(counted.counts().transactions).toBe(1);
  });

  it(`runs at most ${TYPO_MAX_RUNNING} typo tries at once; while all are busy a search answers nothing found`, async () => {
    const counted = countingDb();
    // Typo tries still running elsewhere hold every slot.
    const releases: (() => void)[] = [];
    const holders = Array.from({ length: TYPO_MAX_RUNNING }, () =>
      withTypoSlot(() => new Promise<void>((resolve) => releases.push(resolve))),
    );
    const busy = await searchWith(counted.db, "abya");
    expect(busy.metadata.total).toBe(0);
    expect(counted.counts()).toEqual({ queries: 1, transactions: 0 });
    for (const release of releases) release();
    await Promise.all(holders);
    // A busy moment is not remembered as a miss: once a slot is free the term is tried.
    invalidateCatalogMemo();
    counted.reset();
    expect((await searchWith(counted.db, "abya")).products.map((p) => p.name)).toEqual(["Ramadan Abaya"]);
    expect(counted.counts().transactions).toBe(1);
  });

  it("finds every word of a term wherever it is, without a typo try (decision 355)", async () => {
    const before = typoTries();
    const page = await searchWith(t.deps.db, "linen pants");
    expect(page.products.map((p) => p.name)).toEqual(["Linen Wide Pants"]);
    expect(typoTries()).toBe(before);
  });

  it("does not try typos when every word matches on its own: the shop just has no product with all of them", async () => {
    const before = typoTries();
    const counted = countingDb();
    const page = await searchWith(counted.db, "linen abaya");
    expect(page.metadata.total).toBe(0);
    expect(typoTries()).toBe(before);
    // The words' listing in its one transaction, and one check per word (each stops at its first match).
    expect(counted.counts()).toEqual({ queries: 2, transactions: 1 });
    // The next page knows the total is 0 from the memo, and that every word is known: no query at all.
    counted.reset();
    const next = await listProducts(
      { db: counted.db },
      shopQuerySchema.parse({ search: "linen abaya", page: 2 }),
      null,
    );
    expect(next.products).toEqual([]);
    expect(counted.counts()).toEqual({ queries: 0, transactions: 0 });
  });

  it("tries typos when a word of the term matches nothing", async () => {
    const before = typoTries();
    const page = await searchWith(t.deps.db, "ramadan abyaa");
    expect(page.products.map((p) => p.name)).toEqual(["Ramadan Abaya"]);
    expect(typoTries()).toBe(before + 1);
  });
});
