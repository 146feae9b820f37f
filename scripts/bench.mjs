// `npm run bench` (DESIGN.md §9, issue 14): a catalogue of BENCH_PRODUCTS products, the built server
// started as `npm start` starts it (its Node flags, NODE_ENV=production, its default logging, to a
// file), and wrk driving random traffic: every request another product, filter combination, page,
// search term, language, or page as a guest or a signed-in customer. Beside each, a bare node:http
// server answering a fixed JSON (the ceiling on this machine in the same run). Then the CPU one page
// render costs the server, and the server's memory.
//
// Needs `npm run build` first, and wrk (/usr/bin/wrk). Settings:
//   BENCH_DB            postgres (default) or pglite: the embedded default `npm start` uses without
//                       DATABASE_URL (the catalogue is written into its data directory before it starts)
//   BENCH_DATABASE_URL  postgres://postgres@127.0.0.1:5432/postgres (a fresh database is made in it)
//   BENCH_PRODUCTS      50000 (1000000 is seeded in one generate_series statement too)
//   BENCH_SECONDS       10 per target; BENCH_CONNECTIONS 50
//   BENCH_WARMUP        5: seconds of each target's own traffic before it is measured (0: none)
//   BENCH_ONLY          a part of the target names to run (the ceiling always runs; "render" = the CPU table only)
//   BENCH_PROFILE=dir   write the server's V8 CPU profile into dir (with BENCH_ONLY=render: the renders')
//   BENCH_ACCEPT_ENCODING  "gzip, deflate, br, zstd" (Chrome's): what every wrk request accepts, so
//                       pages and JSON are compressed as a browser's are; "" sends none (uncompressed)
//   BENCH_KEEP_DB=1     keep the database (PostgreSQL) or data directory (PGlite) afterwards
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { freePort } from "./free-port.mjs";
import { seedProducts } from "./bench/seed-catalogue.mjs";
import { isBuilt, rssMb, startBuiltServer as startServer } from "./built-server.mjs";
import { lineMakers } from "./bench/random-traffic.mjs";
import { BROWSER_ACCEPT_ENCODING, runWrk } from "./bench/wrk.mjs";
import { serverNodeFlags } from "./server-flags.mjs";
import { renderCpuTable, signUpCustomer } from "./render-cpu.mjs";

const DB = process.env.BENCH_DB ?? "postgres";
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 50_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const ONLY = process.env.BENCH_ONLY;
const KEEP = process.env.BENCH_KEEP_DB === "1";
const WRK = process.env.BENCH_WRK ?? "wrk";
/** What a browser accepts: without it every answer left uncompressed, which no customer's does. */
const ACCEPT_ENCODING = process.env.BENCH_ACCEPT_ENCODING ?? BROWSER_ACCEPT_ENCODING;
/** BENCH_PROFILE=<dir>: the server writes a V8 CPU profile there when it stops (open it in Chrome's DevTools). */
const PROFILE = process.env.BENCH_PROFILE;
const startBuiltServer = (options) =>
  startServer({
    ...options,
    nodeFlags: [
      ...serverNodeFlags({ ...process.env, ...options.env }),
      ...(PROFILE ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(PROFILE)}`] : []),
    ],
  });
const METRICS_TOKEN = crypto.randomBytes(24).toString("hex");
const ADMIN = { email: "bench-admin@example.com", password: "Bench-admin-pass-1" };
/** Random paths per target: enough that a 10 s run rarely asks the same one twice. */
const PATHS_PER_TARGET = 20_000;

if (!isBuilt()) {
  console.error("No build found: run `npm run build` first.");
  process.exit(1);
}
if (!["postgres", "pglite"].includes(DB)) {
  console.error(`BENCH_DB is postgres or pglite, not ${DB}.`);
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

function ceilingServer(port) {
  const body = JSON.stringify({ products: [], metadata: { totalPages: 0, page: 1, limit: 10, total: 0 } });
  const srv = http.createServer((_req, res) => {
    res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(body) });
    res.end(body);
  });
  return new Promise((resolve) => srv.listen(port, "127.0.0.1", () => resolve(srv)));
}

/** Writes PATHS_PER_TARGET lines from `make` into a file for the wrk script. */
function pathsFile(dir, name, make) {
  const file = path.join(dir, `${name}.txt`);
  fs.writeFileSync(file, `${Array.from({ length: PATHS_PER_TARGET }, make).join("\n")}\n`);
  return file;
}

/** wrk at CONNECTIONS connections for `seconds`, on random lines of `file` (or one fixed URL). */
const wrk = (base, file, seconds) =>
  runWrk({ base, file, seconds, connections: CONNECTIONS, acceptEncoding: ACCEPT_ENCODING, wrkPath: WRK });

/**
 * Seconds until the server answers /readyz (which asks the database, within 2 s) after a target:
 * requests wrk left in flight, and the queries they queued, are worked off first.
 */
async function drained(base, limitS = 180) {
  const started = Date.now();
  await new Promise((res) => setTimeout(res, 300));
  while ((Date.now() - started) / 1000 < limitS) {
    try {
      const res = await fetch(`${base}/readyz`, { signal: AbortSignal.timeout(5_000) });
      await res.arrayBuffer();
      if (res.ok) break;
    } catch {
      // busy: ask again
    }
    await new Promise((res) => setTimeout(res, 250));
  }
  return (Date.now() - started) / 1000;
}

/** PGlite: `npm start` makes its database on the first start; the catalogue is then written into it. */
async function seedPglite(dataDir, serverEnv, log) {
  const first = await startBuiltServer({ env: serverEnv, stdio: ["ignore", log, log] });
  await first.stop();
  const { PGlite } = await import("@electric-sql/pglite");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const { unaccent } = await import("@electric-sql/pglite/contrib/unaccent");
  // server/ops/restore.ts pgliteDirOf: the shop keeps its embedded database in DATA_DIR/db.
  const db = await PGlite.create({ dataDir: path.join(dataDir, "db"), extensions: { pg_trgm, unaccent } });
  try {
    return await seedProducts(db, { products: PRODUCTS, sampleIds: PATHS_PER_TARGET });
  } finally {
    await db.close();
  }
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-bench-"));
  const logFile = path.join(dataDir, "server.log");
  const log = fs.openSync(logFile, "a");
  // As `npm start` runs it: production, default logging (to a file here, as a service's would go).
  const serverEnv = {
    NODE_ENV: "production",
    DATA_DIR: dataDir,
    SEED_DEMO: "false",
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    // /metrics answers only with a token (decision 263): the render CPU table reads it there.
    METRICS_TOKEN: METRICS_TOKEN,
    ...(DB === "postgres" ? { DATABASE_URL: dbUrl } : {}),
  };
  delete process.env.LOG_LEVEL;
  delete process.env.DATABASE_URL;
  let server;
  let ceiling;
  let pgClient;
  try {
    console.log(`Seeding ${PRODUCTS.toLocaleString("en")} products into ${DB === "postgres" ? dbName : "PGlite"} …`);
    let seeded;
    if (DB === "postgres") {
      await adminQuery(`create database ${dbName}`);
      server = await startBuiltServer({ env: serverEnv, stdio: ["ignore", log, log] });
      pgClient = new pg.Client({ connectionString: dbUrl });
      await pgClient.connect();
      seeded = await seedProducts(pgClient, { products: PRODUCTS, sampleIds: PATHS_PER_TARGET });
    } else {
      seeded = await seedPglite(dataDir, serverEnv, log);
      server = await startBuiltServer({ env: serverEnv, stdio: ["ignore", log, log] });
    }
    console.log(`  seeded in ${(seeded.ms / 1000).toFixed(1)} s`);
    const { base } = server;

    // Discounts through the API, so the real repricing runs over the catalogue.
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
    console.log(`  two discounts repriced the catalogue in ${Date.now() - started} ms`);
    // A steady-state database has been vacuumed (autovacuum), which lets counts use index-only scans.
    await pgClient?.query("vacuum analyze products");
    const customer = await signUpCustomer(base, dataDir);

    const ids = seeded.ids;
    const ceilingPort = await freePort();
    ceiling = await ceilingServer(ceilingPort);
    const ceilingUrl = `http://127.0.0.1:${ceilingPort}`;

    const pathsDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-bench-paths-"));
    const make = lineMakers(ids, customer.cookie);
    const fixed = (p) => () => p;
    const targets = [
      ["ceiling: bare node:http, fixed JSON", fixed("/"), ceilingUrl],
      ["GET /api/products (page 1, one address)", fixed("/api/products")],
      [
        "GET /api/products, a new price range each time (memo misses)",
        () => {
          const min = (200 + Math.random() * 3800).toFixed(2);
          return `/api/products?price=${min}-${(Number(min) + 1500).toFixed(2)}&sortBy=asc&page=${1 + Math.floor(Math.random() * 5)}`;
        },
      ],
      ["random: GET /api/products/{id} over the whole catalogue", make.productJson],
      ["random: GET /api/products filters, sorts, pages 1-20", make.listing],
      ["random: GET /api/products?search= (English and Arabic)", make.search],
      ["GET /api/promos-featuredproducts (home data)", make.homeData],
      ["random: SSR pages as a guest (/, /shop?…, /product/{id}, others; en/ar)", make.guestPage],
      ["random: SSR pages signed in as a customer", make.signedInPage],
      ["random: mixed, a shop's proportions", make.mixed],
    ].map(([name, maker, url]) => ({
      name,
      file: pathsFile(pathsDir, `t${name.length}-${Math.random()}`, maker),
      url: url ?? base,
    }));
    const chosen = targets.filter((t, i) => i === 0 || !ONLY || t.name.includes(ONLY));
    const renderChosen = !ONLY || "render CPU".includes(ONLY) || ONLY === "render";

    const results = [];
    for (const t of chosen) {
      process.stdout.write(`  ${t.name} …`);
      // Each target's own traffic first, not counted (decision 379): its code compiled, its
      // statements prepared on every pooled connection, its rows in PostgreSQL's buffers, as in a
      // shop that has been up a while. Measured cold, the first second's queue made a third of p99.
      if (WARMUP > 0) {
        await wrk(t.url, t.file, WARMUP);
        await drained(base);
      }
      const r = await wrk(t.url, t.file, SECONDS);
      // wrk stops with requests in flight: the server finishes them before the next target, which
      // is measured on its own. How long that took is printed: a backlog is a finding too.
      const drain = await drained(base);
      process.stdout.write(
        ` ${Math.round(r.reqs)} req/s${drain > 1 ? ` (backlog cleared in ${drain.toFixed(1)} s)` : ""}\n`,
      );
      results.push({ name: t.name, ...r, drain });
    }
    const memoryAfterLoad = rssMb(server.child.pid);
    let cpuRows = [];
    if (renderChosen) {
      process.stdout.write("  render CPU (pages one at a time) …\n");
      cpuRows = await renderCpuTable({
        base,
        pid: server.child.pid,
        productIds: ids,
        customer,
        metricsToken: METRICS_TOKEN,
      });
    }

    console.log(
      `\n${PRODUCTS.toLocaleString("en")} products on ${DB === "postgres" ? "PostgreSQL" : "PGlite (embedded)"}, ` +
        `wrk at ${CONNECTIONS} connections, ${SECONDS} s each after ${WARMUP} s of its own warm-up, Accept-Encoding: ${ACCEPT_ENCODING || "none"}, ` +
        `${os.cpus().length} cores, Node ${process.version}\n`,
    );
    const top = results[0].reqs;
    console.log("| target | req/s | p50 ms | p99 ms | of ceiling | timeouts | failed | backlog s |");
    console.log("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
    for (const r of results) {
      console.log(
        `| ${r.name} | ${Math.round(r.reqs).toLocaleString("en")} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ` +
          `${((r.reqs / top) * 100).toFixed(1)}% | ${r.timeouts} | ${r.failed} | ${r.drain.toFixed(1)} |`,
      );
    }
    if (cpuRows.length) {
      console.log(
        "\nRender CPU, pages asked one at a time (a guest's with a new address each time, so rendered, not cached).\n" +
          "render: measured in the server from the request to the complete HTML (azya_page_render_cpu_seconds);\n" +
          "request: the server process's whole CPU per request (/proc: also compression, sockets, logging).\n",
      );
      console.log("| page | guest render ms | guest request ms | signed-in render ms | signed-in request ms |");
      console.log("| --- | ---: | ---: | ---: | ---: |");
      const ms = (v) => (Number.isFinite(v) ? v.toFixed(2) : "–");
      for (const r of cpuRows)
        console.log(
          `| ${r.name} | ${ms(r.guest.render)} | ${ms(r.guest.request)} | ${ms(r.signedIn.render)} | ${ms(r.signedIn.request)} |`,
        );
    }
    console.log(
      `\nServer memory after the load: ${memoryAfterLoad} MB RSS; at the end: ${rssMb(server.child.pid)} MB RSS`,
    );
    console.log(`Server log: ${(fs.statSync(logFile).size / 1e6).toFixed(1)} MB (${KEEP ? logFile : "removed"})`);
    fs.rmSync(pathsDir, { recursive: true, force: true });
  } finally {
    ceiling?.close();
    await pgClient?.end().catch(() => undefined); // the connection may never have opened
    await server?.stop();
    fs.closeSync(log);
    if (KEEP) {
      console.log(`Kept the data directory ${dataDir}`);
      if (DB === "postgres")
        console.log(`Kept database ${dbUrl}; drop it with: psql ${ADMIN_URL} -c 'drop database ${dbName}'`);
    } else {
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (DB === "postgres") {
        await adminQuery(`drop database if exists ${dbName} with (force)`);
        console.log(`Dropped database ${dbName}.`);
      }
    }
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
