/**
 * Server CPU per page of two builds, side by side on one database: the steadiest before/after
 * measure on a shared machine, where `npm run bench` moves by ±10 % between runs of one build.
 *
 * Both builds' servers run at once (as `npm start` starts them, scripts/built-server.mjs of each
 * checkout) against a database `BENCH_KEEP_DB=1 npm run bench` left behind. Each round sends the
 * same number of random guest pages (product pages over the sampled catalogue and shop pages with
 * random filters, English and Arabic, compressed as a browser asks) to one server and then the
 * other, in alternating order, and reads each server's CPU from /proc: whatever the machine does
 * meanwhile weighs on both alike. The first rounds warm up and are not counted.
 *
 *   git worktree add ../before <commit> && ln -s "$PWD/node_modules" ../before/node_modules
 *   (cd ../before && npm run build) && npm run build
 *   node scripts/bench/compare-builds.mjs ../before postgres://postgres@127.0.0.1:5432/bench_…
 *
 * COMPARE_ROUNDS (40), COMPARE_PAGES (pages per server per round, 200), COMPARE_CONNECTIONS (10).
 *
 * COMPARE_TRAFFIC=mix sends the bench's random mix instead (pages as guests and a signed-in
 * customer, and the API; lineMakers in random-traffic.mjs) with wrk at 50 connections, as
 * `npm run bench` does, for COMPARE_SECONDS (8) a round, and prints requests a second beside the
 * CPU a request: what the mix's target is read in, measured where one run of the bench cannot
 * tell a 5 % change from the machine's own drift. COMPARE_ROUNDS is then 20. Any other random
 * target of the bench is sent the same way by its line maker's name (`trafficMaker`):
 * COMPARE_TRAFFIC=listing, productJson, search, homeData, guestPage or signedInPage.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { processCpuMs, signUpCustomer } from "../render-cpu.mjs";
import { langCookie, lineMakers, pick, randomListingQuery } from "./random-traffic.mjs";
import { BROWSER_ACCEPT_ENCODING, runWrk } from "./wrk.mjs";

const WARMUP_ROUNDS = 10;

/** Mean of each side and the median of the rounds' after/before ratios. */
export function summarise(before, after) {
  const mean = (xs) => xs.reduce((sum, x) => sum + x, 0) / xs.length;
  const ratios = after.map((a, i) => a / before[i]).sort((x, y) => x - y);
  return { before: mean(before), after: mean(after), medianRatio: ratios[Math.floor(ratios.length / 2)] };
}

async function startBuild(root, databaseUrl) {
  const { startBuiltServer } = await import(pathToFileURL(path.join(root, "scripts", "built-server.mjs")).href);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "compare-builds-"));
  const log = fs.openSync(path.join(dataDir, "server.log"), "a");
  const server = await startBuiltServer({
    env: {
      NODE_ENV: "production",
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      SEED_DEMO: "false",
      ADMIN_EMAIL: "compare@builds.test",
      ADMIN_PASSWORD: "Compare-builds-1",
    },
    stdio: ["ignore", log, log],
  });
  return {
    ...server,
    dataDir,
    stop: async () => {
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function sampleProductIds(base) {
  const ids = [];
  for (let page = 1; page <= 20; page++) {
    const res = await fetch(`${base}/api/products?limit=100&page=${page * 17}`);
    const body = await res.json();
    for (const product of body.products ?? []) ids.push(product._id);
  }
  if (ids.length === 0) throw new Error("The database holds no products: run `BENCH_KEEP_DB=1 npm run bench` first");
  return ids;
}

/** A product page or a shop page, three to two, as in the bench's guest pages. */
const randomPage = (ids) => (Math.random() < 0.6 ? `/product/${pick(ids)}` : `/shop?${randomListingQuery()}`);

/** CPU milliseconds per page the server spent answering `pages`. */
async function cpuPerPage(server, pages, connections) {
  const before = processCpuMs(server.child.pid);
  let next = 0;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (next < pages.length) {
        const page = pages[next++];
        const res = await fetch(server.base + page, {
          headers: {
            cookie: langCookie(),
            "accept-encoding": BROWSER_ACCEPT_ENCODING,
          },
        });
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`${page} answered ${res.status}`);
      }
    }),
  );
  return (processCpuMs(server.child.pid) - before) / pages.length;
}

/**
 * `measure(side)` for each side in turn, `warmup + rounds` times, the order swapped every round so
 * neither side always runs after the other; what the counted rounds returned, by side.
 */
async function alternate(warmup, rounds, measure) {
  const results = { before: [], after: [] };
  for (let round = 0; round < warmup + rounds; round++) {
    const order = round % 2 === 0 ? ["before", "after"] : ["after", "before"];
    for (const side of order) {
      const result = await measure(side);
      if (round >= warmup) results[side].push(result);
    }
  }
  return results;
}

/** One round of wrk on `server` over the lines of `file`: its CPU a request and requests a second. */
async function wrkRound(server, file, seconds) {
  const before = processCpuMs(server.child.pid);
  const run = await runWrk({ base: server.base, file, seconds });
  if (run.failed > 0) throw new Error(`${run.failed} requests failed on ${server.base}`);
  return { cpu: (processCpuMs(server.child.pid) - before) / run.requests, reqs: run.reqs };
}

/**
 * The line maker of COMPARE_TRAFFIC's random target (random-traffic.mjs): "mix" is the bench's
 * mix, any other name one of its targets; a name it does not know is refused with the known ones.
 */
export function trafficMaker(makers, traffic) {
  const name = traffic === "mix" ? "mixed" : traffic;
  if (!Object.hasOwn(makers, name)) {
    throw new Error(`COMPARE_TRAFFIC=${traffic}: not a random target; one of mix, ${Object.keys(makers).join(", ")}`);
  }
  return makers[name];
}

/** Alternating rounds of one random target through wrk (the mix by default); the first two warm up. */
async function compareTraffic(before, after, ids, beforeRoot, traffic) {
  const rounds = Number(process.env.COMPARE_ROUNDS ?? 20);
  const seconds = Number(process.env.COMPARE_SECONDS ?? 8);
  // Both servers share the database, so one customer's session is good on either.
  const customer = await signUpCustomer(after.base, after.dataDir);
  const makeLine = trafficMaker(lineMakers(ids, customer.cookie), traffic);
  const file = path.join(after.dataDir, "traffic-paths.txt");
  fs.writeFileSync(file, `${Array.from({ length: 40_000 }, makeLine).join("\n")}\n`);
  const side = await alternate(2, rounds, (name) => wrkRound(name === "before" ? before : after, file, seconds));
  const of = (name, key) => side[name].map((round) => round[key]);
  const cpu = summarise(of("before", "cpu"), of("after", "cpu"));
  const reqs = summarise(of("before", "reqs"), of("after", "reqs"));
  console.log(
    `${rounds} rounds of ${seconds} s of random ${traffic} each: ${beforeRoot} ${reqs.before.toFixed(0)} requests a second, ` +
      `${cpu.before.toFixed(3)} ms of server CPU a request; this checkout ${reqs.after.toFixed(0)} a second ` +
      `(median ratio ${reqs.medianRatio.toFixed(3)}), ${cpu.after.toFixed(3)} ms (${(((cpu.after - cpu.before) / cpu.before) * 100).toFixed(1)} %, ` +
      `median ratio ${cpu.medianRatio.toFixed(3)})`,
  );
}

async function main() {
  const [beforeRoot, databaseUrl] = process.argv.slice(2);
  if (!beforeRoot || !databaseUrl) {
    console.error("usage: node scripts/bench/compare-builds.mjs <the other checkout, built> <database URL>");
    process.exit(2);
  }
  const afterRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
  const rounds = Number(process.env.COMPARE_ROUNDS ?? 40);
  const perRound = Number(process.env.COMPARE_PAGES ?? 200);
  const connections = Number(process.env.COMPARE_CONNECTIONS ?? 10);
  const before = await startBuild(path.resolve(beforeRoot), databaseUrl);
  const after = await startBuild(afterRoot, databaseUrl);
  try {
    const ids = await sampleProductIds(after.base);
    const traffic = process.env.COMPARE_TRAFFIC;
    if (traffic) return await compareTraffic(before, after, ids, beforeRoot, traffic);
    const cpu = await alternate(WARMUP_ROUNDS, rounds, (side) => {
      const pages = Array.from({ length: perRound }, () => randomPage(ids));
      return cpuPerPage(side === "before" ? before : after, pages, connections);
    });
    const { before: b, after: a, medianRatio } = summarise(cpu.before, cpu.after);
    console.log(
      `${rounds} rounds of ${perRound} random guest pages each: ${beforeRoot} ${b.toFixed(3)} ms of server CPU a page, ` +
        `this checkout ${a.toFixed(3)} ms (${(((a - b) / b) * 100).toFixed(1)} %), median of the rounds' ratios ${medianRatio.toFixed(3)}`,
    );
  } finally {
    await before.stop();
    await after.stop();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
