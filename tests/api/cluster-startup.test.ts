/**
 * Issue 18 part 1: any number of processes can start at once on one empty database. Before the
 * start-up lock, two processes migrating and seeding side by side died on duplicate keys in four
 * tries of five. Three built servers, several rounds, each on a fresh database.
 */
import { describe, expect, it } from "vitest";
import fs from "node:fs";
import path from "node:path";
import { DEMO_PRODUCTS } from "../../server/db/seed/demo-catalogue";
import { canRunCluster, createEmptyDatabase, startCluster, withClient } from "../support/cluster";

const ROUNDS = 3;
const journal = JSON.parse(fs.readFileSync(path.resolve("server/db/migrations/meta/_journal.json"), "utf8")) as {
  entries: unknown[];
};

describe.skipIf(!canRunCluster())("three processes starting at once on one database (built server, PostgreSQL)", () => {
  it(
    `all become ready, the schema is migrated once, the demo shop and the admin exist once (${ROUNDS} rounds)`,
    async () => {
      for (let round = 1; round <= ROUNDS; round++) {
        const { url } = await createEmptyDatabase();
        const cluster = await startCluster(3, url, {
          SEED_DEMO: "true",
          ADMIN_EMAIL: "owner@cluster.test",
          ADMIN_PASSWORD: "cluster-pass-123",
        });
        try {
          for (const server of cluster.servers) {
            expect((await fetch(`${server.base}/readyz`)).status).toBe(200);
            const listing = await fetch(`${server.base}/api/products`);
            expect(listing.status).toBe(200);
          }
          const counts = await withClient(url, async (c) => {
            const one = async (q: string) => Number((await c.query<{ n: string }>(q)).rows[0]!.n);
            return {
              products: await one("select count(*) as n from products"),
              admins: await one("select count(*) as n from users where role = 'admin'"),
              owner: await one("select count(*) as n from users where email = 'owner@cluster.test'"),
              migrations: await one("select count(*) as n from drizzle.__drizzle_migrations"),
            };
          });
          expect({ round, ...counts }).toEqual({
            round,
            products: DEMO_PRODUCTS.length,
            admins: 1,
            owner: 1,
            migrations: journal.entries.length,
          });
        } finally {
          await cluster.stop();
        }
      }
    },
    ROUNDS * 200_000,
  );
});
