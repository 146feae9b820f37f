// `npm run bench` (DESIGN.md §9): 50,000 products in a fresh PostgreSQL database, the built server
// against it, and autocannon on the listing, the product JSON, the home data and the server-rendered
// pages, beside a bare node:http server answering a fixed JSON (the ceiling on this machine).
// Needs `npm run build` first. Settings: BENCH_DATABASE_URL (postgres://postgres@127.0.0.1:5432/postgres),
// BENCH_PRODUCTS (50000), BENCH_SECONDS (10 per target), BENCH_CONNECTIONS (50), BENCH_KEEP_DB=1 to keep
// the database afterwards (to EXPLAIN a slow query), BENCH_ONLY (a substring of the target names to run).
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { freePort } from "./free-port.mjs";
import { isBuilt, startBuiltServer } from "./built-server.mjs";

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 50_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const ADMIN = { email: "bench-admin@example.com", password: "Bench-admin-pass-1" };

if (!isBuilt()) {
  console.error("No build found: run `npm run build` first.");
  process.exit(1);
}

const dbName = `bench_${crypto.randomBytes(4).toString("hex")}`;
const dbUrl = (() => {
  const u = new URL(ADMIN_URL);
  u.pathname = `/${dbName}`;
  return u.toString();
})();

async function adminQuery(sql) {
  const c = new pg.Client({ connectionString: ADMIN_URL });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

/** 50,000 products in one statement: ten categories, twelve collections, varied prices and stock. */
async function seedProducts(db) {
  const started = Date.now();
  await db.query(
    `
    insert into products (name, name_ar, code, description, description_ar, category, collection, price, stock,
                          images, sizes, colors, specifications, status, total_price, search_text, sold_count, created_at)
    select n.name, n.name_ar, n.code, 'A bench product: ' || n.name, 'منتج للاختبار: ' || n.name_ar, n.category, n.collection,
           n.price, n.stock, array['/uploads/bench-a-800.webp', '/uploads/bench-b-800.webp'], array['S','M','L'],
           array['#1f1f1f','#d8c3a5'], array['100% cotton','Made in Egypt'], 'approved', n.price,
           lower(n.name || ' ' || n.name_ar || ' ' || n.code || ' ' || n.category || ' ' || coalesce(n.collection, '')),
           ((i::bigint * 7919) % 500)::int, now() - (i || ' minutes')::interval
      from generate_series(1, $1::int) as i,
      lateral (select
        (array['Linen','Satin','Pleated','Floral','Knitted','Classic','Oversized','Embroidered'])[1 + i % 8] || ' ' ||
          (array['Blouse','Cardigan','Chemise','Dress','Hoodie','Jacket','Pants','Sweatshirt','Skirt','Top'])[1 + i % 10] || ' ' || i as name,
        (array['بلوزة','كارديجان','شميز','فستان','هودي','جاكيت','بنطلون','سويت شيرت','جيبة','توب'])[1 + i % 10] || ' ' || i as name_ar,
        'BN-' || lpad(i::text, 6, '0') as code,
        (array['blouses','cardigans','chemises','dresses','hoodies','jackets','pants','sweatshirts','skirts','tops'])[1 + i % 10] as category,
        case when i % 3 = 0 then null
             else (array['winter','summer','spring','autumn','ramadan','eid','casual','formal','party','wedding','work','gym'])[1 + i % 12] end as collection,
        (20000 + (i::bigint * 104729) % 480000)::int as price,
        case when i % 17 = 0 then 0 else (i * 31) % 60 end as stock
      ) as n`,
    [PRODUCTS],
  );
  await db.query(`insert into promo_banners (title, description, link, image, active) values
    ('Bench slide 1', 'First', '/shop', '/uploads/bench-banner-800.webp', true),
    ('Bench slide 2', 'Second', '/shop?discount=true', '/uploads/bench-banner-800.webp', true)`);
  await db.query("analyze");
  return Date.now() - started;
}

function ceilingServer(port) {
  const body = JSON.stringify({ products: [], metadata: { totalPages: 0, page: 1, limit: 10, total: 0 } });
  const srv = http.createServer((_req, res) => {
    res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(body) });
    res.end(body);
  });
  return new Promise((resolve) => srv.listen(port, "127.0.0.1", () => resolve(srv)));
}

/** A URL, or a function giving a new path for every request (so no two requests share a memo entry). */
async function run(name, target) {
  const options =
    typeof target === "function"
      ? { url: target.base, requests: [{ setupRequest: (req) => ({ ...req, path: target() }) }] }
      : { url: target };
  const result = await autocannon({ ...options, connections: CONNECTIONS, duration: SECONDS });
  const failed = result.errors + result.timeouts + result.non2xx;
  return { name, reqs: result.requests.average, p99: result.latency.p99, failed, total: result.requests.total };
}

const pick = (list) => list[Math.floor(Math.random() * list.length)];
const CATEGORY_NAMES = [
  "blouses",
  "cardigans",
  "chemises",
  "dresses",
  "hoodies",
  "jackets",
  "pants",
  "sweatshirts",
  "skirts",
  "tops",
];
const COLLECTION_NAMES = [
  "winter",
  "summer",
  "spring",
  "autumn",
  "ramadan",
  "eid",
  "casual",
  "formal",
  "party",
  "wedding",
];
const SEARCH_WORDS = [
  "linen",
  "satin",
  "dress",
  "dres",
  "blouse",
  "pleated",
  "floral",
  "jacket",
  "فستان",
  "بلوزة",
  "جاكيت",
  "توب",
  "هودي",
];

/** A random listing query: any filters, any sort, one of the first pages or a deep one. */
function randomListingQuery() {
  const q = new URLSearchParams();
  if (Math.random() < 0.5) q.set("category", pick(CATEGORY_NAMES));
  if (Math.random() < 0.2) q.set("collection", pick(COLLECTION_NAMES));
  if (Math.random() < 0.3) q.set("inStock", "true");
  if (Math.random() < 0.2) q.set("discount", "true");
  if (Math.random() < 0.3) {
    const min = Math.floor(200 + Math.random() * 3000);
    q.set("price", `${min}-${min + 500 + Math.floor(Math.random() * 2000)}`);
  }
  if (Math.random() < 0.7) q.set("sortBy", pick(["asc", "desc", "newest", "oldest"]));
  q.set("page", String(Math.random() < 0.9 ? 1 + Math.floor(Math.random() * 5) : 1 + Math.floor(Math.random() * 400)));
  return q.toString();
}

/** Targets whose every request is a different one (functions: see `run`). */
function randomTraffic(base, ids) {
  const target = (path, fn) => Object.assign(fn, { base: `${base}${path}` });
  const productJson = target("/api/products", () => `/api/products/${pick(ids)}`);
  const listing = target("/api/products", () => `/api/products?${randomListingQuery()}`);
  const search = target("/api/products", () => {
    const words = Math.random() < 0.3 ? `${pick(SEARCH_WORDS)} ${pick(SEARCH_WORDS)}` : pick(SEARCH_WORDS);
    return `/api/products?search=${encodeURIComponent(words)}&page=${1 + Math.floor(Math.random() * 3)}`;
  });
  const guestPage = target("/", () =>
    pick([
      () => "/",
      () => `/shop?${randomListingQuery()}`,
      () => `/product/${pick(ids)}`,
      () => pick(["/about", "/posts", "/contact", "/shipping-policy"]),
      () => `/?lang=${pick(["en", "ar"])}`,
    ])(),
  );
  const mixed = target("/", () => pick([productJson, productJson, listing, listing, search, guestPage])());
  return { productJson, listing, search, guestPage, mixed };
}

const rssMb = (pid) => {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
};

async function main() {
  console.log(`Creating database ${dbName} …`);
  await adminQuery(`create database ${dbName}`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-bench-"));
  let server;
  let ceiling;
  const db = new pg.Client({ connectionString: dbUrl });
  try {
    server = await startBuiltServer({
      env: {
        NODE_ENV: "production",
        DATABASE_URL: dbUrl,
        DATA_DIR: dataDir,
        SEED_DEMO: "false",
        LOG_LEVEL: "warn",
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
      },
    });
    const { base } = server;
    await db.connect();
    console.log(`Seeding ${PRODUCTS.toLocaleString("en")} products …`);
    const seedMs = await seedProducts(db);
    console.log(`  seeded in ${(seedMs / 1000).toFixed(1)} s`);

    // Discounts through the API, so the real repricing runs over the whole catalogue.
    const login = await fetch(`${base}/api/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(ADMIN),
    });
    const { token } = await login.json();
    const started = Date.now();
    for (const body of [
      { category: "dresses", discount: 20 },
      { collectionName: "eid", discount: 15, hasShipping: true },
    ]) {
      const res = await fetch(`${base}/api/discounts`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      });
      if (res.status !== 201) throw new Error(`discount failed: ${res.status} ${await res.text()}`);
    }
    console.log(`  two discounts repriced ${PRODUCTS.toLocaleString("en")} products in ${Date.now() - started} ms`);
    // A steady-state database has been vacuumed (autovacuum), which lets counts use index-only scans.
    await db.query("vacuum analyze products");

    const { rows } = await db.query("select id from products order by created_at desc offset 1234 limit 1");
    const productId = rows[0].id;
    const ceilingPort = await freePort();
    ceiling = await ceilingServer(ceilingPort);

    // Every request a different filter: the listing's page and count both come from PostgreSQL.
    const randomRange = Object.assign(
      () => {
        const min = (200 + Math.random() * 3800).toFixed(2);
        return `/api/products?price=${min}-${(Number(min) + 1500).toFixed(2)}&sortBy=asc&page=${1 + Math.floor(Math.random() * 5)}`;
      },
      { base: `${base}/api/products` },
    );
    const { rows: idRows } = await db.query("select id from products order by random() limit 2000");
    const random = randomTraffic(
      base,
      idRows.map((r) => r.id),
    );
    const targets = [
      ["ceiling: bare node:http, fixed JSON", `http://127.0.0.1:${ceilingPort}/`],
      ["GET /api/products (page 1)", `${base}/api/products`],
      [
        "GET /api/products filtered + sorted",
        `${base}/api/products?category=dresses&inStock=true&discount=true&price=200-3000&sortBy=asc&page=3&limit=25`,
      ],
      ["GET /api/products, a new price range each time (memo misses)", randomRange],
      ["GET /api/products?search=dres", `${base}/api/products?search=dres&limit=25`],
      ["GET /api/products/{id}", `${base}/api/products/${productId}`],
      ["GET /api/promos-featuredproducts", `${base}/api/promos-featuredproducts`],
      ["SSR /", `${base}/`],
      ["SSR /shop?category=dresses&sortBy=asc", `${base}/shop?category=dresses&sortBy=asc`],
      [`SSR /product/{id}`, `${base}/product/${productId}`],
      // Real traffic is spread out: every request below picks its own product, filter, page or words.
      ["random: GET /api/products/{id}", random.productJson],
      ["random: GET /api/products filters, sorts and pages", random.listing],
      ["random: GET /api/products?search= (English and Arabic)", random.search],
      ["random: SSR guest pages", random.guestPage],
      ["random: mixed", random.mixed],
    ];
    // Warm up the server (JIT, pools, prepared statements) at full load before measuring, as a
    // server that has been up for a while would be.
    for (const [name, target] of targets
      .slice(1)
      .filter(([name]) => !process.env.BENCH_ONLY || name.includes(process.env.BENCH_ONLY))) {
      const url = typeof target === "function" ? `${base}${target()}` : target;
      await autocannon(
        name.startsWith("SSR") ? { url, connections: 10, amount: 100 } : { url, connections: CONNECTIONS, duration: 2 },
      );
    }

    const only = process.env.BENCH_ONLY;
    const chosen = targets.filter(([name], i) => i === 0 || !only || name.includes(only));
    const results = [];
    for (const [name, target] of chosen) {
      process.stdout.write(`  ${name} …`);
      const r = await run(name, target);
      // autocannon half-closes its connections at the end, and the server still answers what they
      // had asked: let those pages finish before the next target, so it is measured on its own.
      await fetch(`${base}/robots.txt`);
      process.stdout.write(` ${Math.round(r.reqs)} req/s\n`);
      results.push(r);
    }
    const top = results[0].reqs;
    const memory = rssMb(server.child.pid);
    console.log(
      `\n${PRODUCTS.toLocaleString("en")} products, ${CONNECTIONS} connections, ${SECONDS} s each, ${os.cpus().length} cores, Node ${process.version}\n`,
    );
    console.log("| target | req/s | p99 ms | of ceiling | failed |");
    console.log("| --- | ---: | ---: | ---: | ---: |");
    for (const r of results) {
      console.log(
        `| ${r.name} | ${Math.round(r.reqs).toLocaleString("en")} | ${r.p99} | ${Math.round((r.reqs / top) * 100)}% | ${r.failed} |`,
      );
    }
    console.log(`\nServer memory after the run: ${memory} MB RSS`);
  } finally {
    ceiling?.close();
    await db.end().catch(() => undefined); // the connection may never have opened
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (process.env.BENCH_KEEP_DB === "1") {
      console.log(`Kept database ${dbUrl}; drop it with: psql ${ADMIN_URL} -c 'drop database ${dbName}'`);
    } else {
      await adminQuery(`drop database if exists ${dbName} with (force)`);
      console.log(`Dropped database ${dbName}.`);
    }
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
