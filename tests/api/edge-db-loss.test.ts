/**
 * PostgreSQL ends the shop's connections (a restart, a failover, an idle timeout): the process
 * lives on, requests caught in the middle answer 503 with Retry-After, and the next ones succeed.
 * Simulated with pg_terminate_backend from a separate admin connection.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import pg from "pg";
import { sql } from "drizzle-orm";
import { createTestApp, onPostgres, type TestApp } from "../support/test-app";

let t: TestApp;
let dbName = "";
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_SCALE: "100" } });
  if (onPostgres()) {
    const { rows } = (await t.deps.db.execute(sql`select current_database() as name`)) as unknown as {
      rows: { name: string }[];
    };
    dbName = rows[0]!.name;
  }
});
afterAll(() => t.close());

/** Ends every connection of the shop's database, as a restart would. */
async function terminateShopConnections(): Promise<number> {
  const admin = new pg.Client({ connectionString: inject("pgAdminUrl")! });
  await admin.connect();
  try {
    const { rowCount } = await admin.query(
      "select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()",
      [dbName],
    );
    return rowCount ?? 0;
  } finally {
    await admin.end();
  }
}

const get = (url: string) => t.app.inject({ method: "GET", url });

describe.skipIf(!onPostgres())("losing the database connections (PostgreSQL)", () => {
  it("keeps running when idle connections are terminated, and the next requests succeed", async () => {
    await Promise.all(Array.from({ length: 8 }, () => get("/api/products"))); // fill the pool
    expect(await terminateShopConnections()).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, 300)); // the pool hears of it
    for (let i = 0; i < 5; i++) {
      expect((await get("/healthz")).statusCode).toBe(200);
      expect((await get("/api/products")).statusCode).toBe(200);
    }
  });

  it("answers requests caught mid-query with 503, a message in both languages and Retry-After, never a 500", async () => {
    const statuses: number[] = [];
    for (let round = 0; round < 4; round++) {
      const inFlight = Array.from({ length: 60 }, (_, i) =>
        t.app.inject({
          method: "GET",
          url: i % 2 ? "/api/products?search=dress" : "/healthz",
          headers: i % 3 ? {} : { cookie: "lang=ar" },
        }),
      );
      await new Promise((r) => setTimeout(r, 5));
      await terminateShopConnections();
      for (const res of await Promise.all(inFlight)) {
        statuses.push(res.statusCode);
        if (res.statusCode === 503) {
          expect(res.headers["retry-after"]).toBe("5");
          expect([
            "The shop is busy for a moment, please try again shortly",
            "المتجر مشغول للحظات، يرجى المحاولة مرة أخرى بعد قليل",
          ]).toContain(res.json().message);
        }
      }
    }
    expect(statuses.filter((s) => s !== 200 && s !== 503)).toEqual([]);
    await new Promise((r) => setTimeout(r, 300));
    for (let i = 0; i < 10; i++) expect((await get("/api/products")).statusCode).toBe(200);
  });

  it("survives a connection lost inside a transaction", async () => {
    const tx = t.deps.db.transaction(async (trx) => {
      await trx.execute(sql`select 1`);
      await terminateShopConnections();
      await new Promise((r) => setTimeout(r, 200)); // the checked-out client hears of it between queries
      await trx.execute(sql`select 1`);
    });
    await expect(tx).rejects.toThrow();
    expect((await get("/healthz")).statusCode).toBe(200);
  });

  it("gives back the connection of a transaction whose BEGIN met a terminated connection", async () => {
    const withTimeout = <T>(p: Promise<T>, ms: number) =>
      Promise.race([
        p,
        new Promise<never>((_, reject) =>
          setTimeout(() => reject(new Error(`no answer in ${ms} ms: the pool is exhausted`)), ms),
        ),
      ]);
    for (let round = 0; round < 6; round++) {
      await Promise.all(Array.from({ length: 20 }, () => t.deps.db.execute(sql`select pg_sleep(0.01)`))); // 20 idle clients
      await terminateShopConnections();
      // Checked out before the pool hears of their end: BEGIN fails on them.
      await Promise.allSettled(
        Array.from({ length: 20 }, () => t.deps.db.transaction(async (tx) => tx.execute(sql`select 1`))),
      );
    }
    await new Promise((r) => setTimeout(r, 300));
    // Nothing runs now, so no client may still be checked out (each one lost would be lost for good).
    const pool = (t.deps.db as unknown as { $client: pg.Pool }).$client;
    expect(pool.totalCount - pool.idleCount).toBe(0);
    const after = await withTimeout(
      Promise.all(Array.from({ length: 25 }, () => t.deps.db.transaction(async (tx) => tx.execute(sql`select 1`)))),
      5000,
    );
    expect(after).toHaveLength(25);
    expect((await withTimeout(get("/healthz"), 5000)).statusCode).toBe(200);
  });
});
