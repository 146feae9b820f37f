/**
 * Issue 18, part 4: two processes of the built shop (each its own DATA_DIR) on one PostgreSQL, one
 * Redis and one S3 bucket (s3rver), behind nginx. Every claim of docs/deploy.md's "several
 * machines" is checked across the two: sessions, rate limits, stock, promo code limits, uploads,
 * price changes, and a process killed while orders stream in.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import sharp from "sharp";
import { asc, eq } from "drizzle-orm";
import { type BuiltServer, startBuiltServer } from "../../scripts/built-server.mjs";
import { type S3StandIn, startS3StandIn } from "../../scripts/s3-stand-in.mjs";
import { type Database, openDatabase } from "../../server/db/client";
import { orderItems, orders, products } from "../../server/db/schema";
import { DEFAULT_PASSWORD, makeUser, signedIn } from "../support/factories";
import { databaseUrlFor } from "../support/global-setup";
import { multipartFile } from "../support/multipart";
import { makeProduct, makePromoCode, orderPayload, stockOf, usesOf } from "../support/order-factories";
import { productBody } from "../support/catalog-factories";
import { type Nginx, startNginx } from "./nginx";

const PGBASE = process.env.PGBASE ?? "postgres://postgres@127.0.0.1:5432";
const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
const dbName = `shop_cluster_${crypto.randomBytes(4).toString("hex")}`;
const databaseUrl = databaseUrlFor(`${PGBASE}/postgres`, dbName);

let s3: S3StandIn;
let a: BuiltServer;
let b: BuiltServer;
let nginx: Nginx;
let database: Database;
const dataDirs: string[] = [];

async function startShop(): Promise<BuiltServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-cluster-"));
  dataDirs.push(dataDir);
  return startBuiltServer({
    env: {
      ...s3.env,
      NODE_ENV: "production",
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      REDIS_URL,
      // The test reaches the processes from loopback, directly and through nginx; X-Forwarded-For
      // then names the client, so each check acts as its own visitors.
      TRUST_PROXY: "loopback",
      // The first process seeds the demo shop, drawing its pictures into the bucket; the second finds it seeded.
      SEED_DEMO: "true",
      SMTP_URL: "",
      LOG_LEVEL: "warn",
      RATE_LIMIT_SCALE: "1",
      // The races below place dozens of cash orders from one phone; the open-order limit (issue 16,
      // tested in cod-risk.test.ts) would refuse all but three before stock or the promo code decides.
      COD_OPEN_LIMIT: "100",
    },
    timeoutMs: 90_000,
    graceMs: 5_000,
  });
}

beforeAll(async () => {
  const admin = new pg.Client({ connectionString: `${PGBASE}/postgres` });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  await admin.end();
  s3 = await startS3StandIn({ bucket: "azya-cluster" });
  // One after the other: the first migrates and seeds, the second finds it done.
  a = await startShop();
  b = await startShop();
  nginx = await startNginx([a.port, b.port]);
  database = await openDatabase({ url: databaseUrl, poolSize: 4 });
});

afterAll(async () => {
  await nginx?.stop();
  await Promise.all([a?.stop(), b?.stop()]);
  await database?.close();
  await s3?.stop();
  const admin = new pg.Client({ connectionString: `${PGBASE}/postgres` });
  await admin.connect();
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.end();
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** A visitor's own address for this run: rate limits count per address, shared through Redis. */
let nextIp = crypto.randomInt(1, 200) * 65536;
const freshIp = () => {
  const n = nextIp++;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
};

interface Call {
  method?: string;
  body?: unknown;
  ip?: string;
  cookie?: string;
  headers?: Record<string, string>;
  raw?: Buffer;
}
function call(base: string, url: string, o: Call = {}) {
  const headers: Record<string, string> = { "x-forwarded-for": o.ip ?? freshIp(), ...o.headers };
  if (o.cookie) headers.cookie = o.cookie;
  if (o.body !== undefined) headers["content-type"] = "application/json";
  return fetch(`${base}${url}`, {
    method: o.method ?? (o.body !== undefined || o.raw ? "POST" : "GET"),
    headers,
    body: o.raw ? new Uint8Array(o.raw) : o.body !== undefined ? JSON.stringify(o.body) : undefined,
  });
}
const both = () => [a.base, b.base];

describe("two processes behind nginx", () => {
  it("a session made on one process works on the other", async () => {
    const user = await makeUser(database.db);
    const login = await call(a.base, "/api/login", { body: { email: user.email, password: DEFAULT_PASSWORD } });
    expect(login.status).toBe(200);
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    expect((await call(b.base, "/api/order", { cookie })).status).toBe(200);
    expect((await call(b.base, "/api/order")).status).toBe(401);
  });

  it("rate limits are counted once for both processes", async () => {
    // POST /api/login allows 10 a minute per address: 14 tries spread over both give exactly 4 refusals.
    const ip = freshIp();
    const statuses = [];
    for (let i = 0; i < 14; i++) {
      const res = await call(both()[i % 2]!, "/api/login", {
        ip,
        body: { email: `nobody-${crypto.randomBytes(4).toString("hex")}@example.com`, password: "Wrong-pass-123" },
      });
      statuses.push(res.status);
    }
    expect(statuses.filter((s) => s === 429)).toHaveLength(4);
    expect(statuses.slice(0, 10)).not.toContain(429);
  });

  it("40 orders at once for a stock of 5, split over both processes, sell exactly 5", async () => {
    const product = await makeProduct(database.db, { stock: 5 });
    const replies = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        call(both()[i % 2]!, "/api/order/guest", { body: orderPayload([{ productId: product.id, quantity: 1 }]) }),
      ),
    );
    const statuses = replies.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s !== 201 && s !== 409 && s !== 400)).toEqual([]);
    expect(await stockOf(database.db, product.id)).toBe(0);
  });

  it("a promo code limited to 3 uses is used exactly 3 times across both processes", async () => {
    const product = await makeProduct(database.db, { stock: 100 });
    const promo = await makePromoCode(database.db, { usageLimit: 3 });
    await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        call(both()[i % 2]!, "/api/order/guest", {
          body: orderPayload([{ productId: product.id, quantity: 1 }], { promoCode: promo.code }),
        }),
      ),
    );
    expect(await usesOf(database.db, promo.code)).toBe(3);
    const withPromo = await database.db.select({ id: orders.id }).from(orders).where(eq(orders.promoCode, promo.code));
    expect(withPromo).toHaveLength(3);
  });

  it("a picture uploaded through one process is served by the other and through nginx", async () => {
    const { cookie } = await signedIn(database.db, "user");
    const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: "#aa6688" } })
      .png()
      .toBuffer();
    const form = multipartFile("file", "look.png", png);
    const up = await call(a.base, "/api/uploads", { raw: form.payload, cookie, headers: form.headers });
    expect(up.status).toBe(201);
    const { url } = (await up.json()) as { url: string };
    for (const base of [b.base, nginx.base]) {
      const res = await call(base, url);
      expect(res.status, base).toBe(200);
      expect(res.headers.get("content-type")).toBe("image/webp");
      expect((await sharp(Buffer.from(await res.arrayBuffer())).metadata()).width).toBe(640);
    }
  });

  it("the demo pictures drawn by the first process are served by the second", async () => {
    // The oldest products are the demo's (seeded with past dates), before any this file adds.
    const demo = await database.db
      .select({ images: products.images })
      .from(products)
      .orderBy(asc(products.createdAt))
      .limit(3);
    const images = demo.flatMap((p) => p.images);
    expect(images.length).toBe(6);
    for (const url of images) {
      expect(url).toMatch(/^\/uploads\/demo-/);
      expect((await call(b.base, url)).status, url).toBe(200);
    }
  });

  it("a price changed through one process is seen on the other within one second", async () => {
    const { cookie } = await signedIn(database.db, "admin");
    const body = productBody({ price: 850 });
    const created = await call(a.base, "/api/products", { body, cookie });
    expect(created.status).toBe(201);
    const [row] = await database.db.select({ id: products.id }).from(products).where(eq(products.name, body.name));
    const listing = `/api/products?search=${encodeURIComponent(body.name)}`;
    const priceOnB = async () => {
      const page = (await (await call(b.base, listing)).json()) as { products: { price: number }[] };
      return page.products[0]?.price;
    };
    // B has the listing memoised (docs/decisions/043) before the change.
    expect(await priceOnB()).toBe(850);
    const changed = await call(a.base, `/api/products/${row!.id}`, {
      method: "PUT",
      body: { ...body, price: 990 },
      cookie,
    });
    expect(changed.status).toBe(200);
    const since = Date.now();
    let seen = await priceOnB();
    while (seen !== 990 && Date.now() - since < 1000) {
      await new Promise((r) => setTimeout(r, 50));
      seen = await priceOnB();
    }
    expect(seen).toBe(990);
  });

  it("killing one process while orders stream in loses no acknowledged order", async () => {
    const product = await makeProduct(database.db, { stock: 10_000 });
    const acknowledged: string[] = [];
    let refused = 0;
    let stop = false;
    const worker = async () => {
      while (!stop) {
        // Each order from its own phone: the open-order limit (COD_OPEN_LIMIT, counted per phone
        // across this file's tests) must not be what stops orders after the kill on a fast run.
        const phone = `010${String(crypto.randomInt(10 ** 8)).padStart(8, "0")}`;
        const res = await call(nginx.base, "/api/order/guest", {
          body: orderPayload([{ productId: product.id, quantity: 1 }], { phone }),
        }).catch(() => null);
        if (res?.status === 201) {
          const reply = (await res.json()) as { orderId?: string; order?: { _id?: string }; _id?: string };
          acknowledged.push(JSON.stringify(reply));
        } else refused++;
      }
    };
    const workers = Array.from({ length: 6 }, worker);
    await new Promise((r) => setTimeout(r, 1500));
    b.child.kill("SIGKILL");
    const killedAt = acknowledged.length;
    await new Promise((r) => setTimeout(r, 2500));
    stop = true;
    await Promise.all(workers);
    expect(killedAt).toBeGreaterThan(0);
    // nginx sends the rest to the survivor: orders keep being taken after the kill.
    expect(acknowledged.length).toBeGreaterThan(killedAt);
    const sold = await database.db
      .select({ id: orderItems.orderId })
      .from(orderItems)
      .where(eq(orderItems.productId, product.id));
    const storedIds = new Set(sold.map((o) => o.id));
    const ids = acknowledged.map(orderIdOf);
    expect(ids.filter((id) => !storedIds.has(id))).toEqual([]);
    // Each stored order took its unit of stock and no other unit went: a request cut by the kill
    // either committed whole (stored, perhaps never acknowledged) or not at all.
    expect(await stockOf(database.db, product.id)).toBe(10_000 - sold.length);
    console.log(`kill test: ${ids.length} orders acknowledged (${killedAt} before the kill), ${refused} not`);
  });
});

/** The order's id in POST /api/order/guest's reply. */
function orderIdOf(reply: string): string {
  const id = /"(?:_id|id|orderId)":"([0-9a-f-]{36})"/.exec(reply)?.[1];
  if (!id) throw new Error(`no order id in ${reply}`);
  return id;
}
