/**
 * Issue 18 part 3: a catalogue write on one process clears the catalogue memo on every other
 * process within a second (PostgreSQL LISTEN/NOTIFY, or Redis pub/sub with REDIS_URL). Without the
 * bridge the other process went on listing the old price for the memo's 10 s.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import crypto from "node:crypto";
import { openDatabase, type Database } from "../../server/db/client";
import { canRunCluster, createEmptyDatabase, startCluster, type Cluster } from "../support/cluster";
import { makeProduct, productBody } from "../support/catalog-factories";
import { signedIn } from "../support/factories";

const REDIS_URL = "redis://127.0.0.1:6379";
const METRICS_TOKEN = crypto.randomBytes(24).toString("hex");

/** The listed price (EGP) of `code` on one server's first listing page, newest first. */
async function listedPrice(base: string, code: string): Promise<number | undefined> {
  const res = await fetch(`${base}/api/products`);
  const page = (await res.json()) as { products: { code: string; price: number }[] };
  return page.products.find((p) => p.code === code)?.price;
}

/** Milliseconds until `base` lists `code` at `price`; fails after `limitMs`. */
async function timeUntilListed(base: string, code: string, price: number, limitMs: number): Promise<number> {
  const start = Date.now();
  for (;;) {
    if ((await listedPrice(base, code)) === price) return Date.now() - start;
    if (Date.now() - start > limitMs) throw new Error(`${base} still lists the old price after ${limitMs} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

for (const transport of ["postgres", "redis"] as const) {
  describe.skipIf(!canRunCluster())(`catalogue changes reach the other process (${transport})`, () => {
    let cluster: Cluster;
    let database: Database;
    beforeAll(async () => {
      const { url } = await createEmptyDatabase();
      const env: Record<string, string> = { SEED_DEMO: "false", METRICS_TOKEN };
      if (transport === "redis") {
        env.REDIS_URL = REDIS_URL;
        env.EVENTS_CHANNEL = `azya_test_${crypto.randomBytes(6).toString("hex")}`;
      }
      cluster = await startCluster(2, url, env);
      database = await openDatabase({ url, poolSize: 2 });
    }, 240_000);
    afterAll(async () => {
      await cluster?.stop();
      await database?.close();
    });

    it("a price saved on one process is listed by the other within one second, both ways", async () => {
      const product = await makeProduct(database.db, { price: 50_000 });
      const admin = await signedIn(database.db, "admin");
      const [a, b] = cluster.servers as [(typeof cluster.servers)[0], (typeof cluster.servers)[0]];
      // Both memos hold the listing with the first price.
      expect(await listedPrice(a.base, product.code)).toBe(500);
      expect(await listedPrice(b.base, product.code)).toBe(500);

      const save = async (base: string, price: number) => {
        const res = await fetch(`${base}/api/products/${product.id}`, {
          method: "PUT",
          headers: { "content-type": "application/json", cookie: admin.cookie, origin: base },
          body: JSON.stringify(productBody({ name: product.name, code: product.code, images: product.images, price })),
        });
        expect(res.status, await res.text()).toBe(200);
      };

      await save(a.base, 640);
      expect(await timeUntilListed(b.base, product.code, 640, 1000)).toBeLessThanOrEqual(1000);
      await save(b.base, 720);
      expect(await timeUntilListed(a.base, product.code, 720, 1000)).toBeLessThanOrEqual(1000);
    });

    it("shows the built server's figures at /metrics: pages, render queue, pool, memo, requests", async () => {
      const [a] = cluster.servers;
      expect((await fetch(`${a!.base}/`)).status).toBe(200);
      let text = "";
      const value = (line: RegExp) => Number(text.match(line)?.[1] ?? Number.NaN);
      const scrape = async () => {
        const res = await fetch(`${a!.base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
        expect(res.status).toBe(200);
        text = await res.text();
      };
      // A request is counted once its reply has finished on the server, a moment after the client has it.
      await expect
        .poll(async () => {
          await scrape();
          return value(/^azya_http_requests_total\{method="GET",route="\/\*",status="2xx"\} (\d+)$/m);
        })
        .toBeGreaterThan(0);
      expect(
        value(/^azya_http_requests_total\{method="GET",route="\/api\/products",status="2xx"\} (\d+)$/m),
      ).toBeGreaterThan(0);
      expect(value(/^azya_render_queue_waiting (\d+)$/m)).toBeGreaterThanOrEqual(0);
      expect(value(/^azya_render_active (\d+)$/m)).toBeGreaterThanOrEqual(0);
      expect(value(/^azya_db_pool_connections\{state="total"\} (\d+)$/m)).toBeGreaterThan(0);
      expect(value(/^azya_catalogue_memo_lookups_total\{result="miss"\} (\d+)$/m)).toBeGreaterThan(0);
      expect((await fetch(`${a!.base}/metrics`)).status).toBe(401);
    });
  });
}
