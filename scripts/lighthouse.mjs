// `npm run lighthouse`: Lighthouse mobile performance of the home, shop and product pages in English
// and Arabic (DESIGN.md §9), against the built server on a fresh PGlite database with the demo shop.
// Prints one row per page and exits 1 when a performance score is under the floor.
//
//   LH_ONLY=js    only the weights (no browser): "JS gz" is every script file the server-rendered
//                 page links (module scripts and modulepreloads, or the preloads it starts after
//                 the first paint), gzipped, as DESIGN.md §9 counts it;
//                 "inline gz" the inline scripts (loader data for hydration), "HTML gz" the whole page
//   LH_PAGES=home-en,product-ar   only these pages
//   LH_FLOOR=90   the performance floor
//   LH_RUNS=1     runs per page; the median score is kept (a shared machine is noisy), and a page
//                 whose median is under the floor gets 2 × LH_RUNS more runs before it counts as under
//   LH_JSON=dir   also write each Lighthouse report as JSON there
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { demoShopEnv, startBuiltServer } from "./built-server.mjs";

const FLOOR = Number(process.env.LH_FLOOR ?? 90);
const RUNS = Math.max(1, Number(process.env.LH_RUNS ?? 1));
const JS_ONLY = process.env.LH_ONLY === "js";
const CHROME = process.env.CHROME_PATH ?? "/usr/bin/chromium";
/** What Chrome sends (and Lighthouse's run with it). */
const BROWSER_ENCODINGS = "gzip, deflate, br, zstd";

async function startServer() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-lighthouse-"));
  const server = await startBuiltServer({
    env: demoShopEnv(dataDir, { email: "admin@lighthouse.test", password: "Lighthouse-admin-1" }),
  }).catch((err) => {
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw err;
  });
  const stop = async () => {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  return { base: server.base, stop };
}

/** The pages to measure: the newest product stands for the product page. */
async function pages(base) {
  const res = await fetch(`${base}/api/products?limit=1`);
  if (!res.ok) throw new Error(`GET /api/products answered ${res.status}`);
  const body = await res.json();
  const id = body.products?.[0]?._id;
  if (!id) throw new Error("The demo shop has no product to measure");
  const paths = { home: "/", shop: "/shop", product: `/product/${id}` };
  const only = process.env.LH_PAGES?.split(",");
  return ["en", "ar"]
    .flatMap((lang) => Object.entries(paths).map(([name, p]) => ({ name, lang, url: `${base}${p}?lang=${lang}` })))
    .filter((t) => !only || only.includes(`${t.name}-${t.lang}`));
}

/** Gzipped bytes of the scripts a server-rendered page links: what a first visit downloads before it is interactive. */
async function scriptWeight(url) {
  const html = await (await fetch(url)).text();
  const base = new URL(url);
  const srcs = new Set();
  for (const m of html.matchAll(/<link[^>]+rel="modulepreload"[^>]*href="([^"]+)"/g)) srcs.add(m[1]);
  // The same files, when the page starts its scripts after the first paint (decision 082).
  for (const m of html.matchAll(/data-preload="([^"]*)"/g))
    for (const src of m[1].split(" ").filter(Boolean)) srcs.add(src);
  for (const m of html.matchAll(/<script[^>]+src="([^"]+)"/g)) srcs.add(m[1]);
  for (const m of html.matchAll(/import\(?\s*"(\/assets\/[^"]+\.js)"/g)) srcs.add(m[1]);
  let gz = 0;
  for (const src of srcs) {
    const body = Buffer.from(await (await fetch(new URL(src, base))).arrayBuffer());
    gz += zlib.gzipSync(body).length;
  }
  // Inline scripts (the loader data for hydration, the route manifest) travel inside the HTML.
  let inlineGz = 0;
  for (const m of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g))
    inlineGz += zlib.gzipSync(m[1]).length;
  return { files: srcs.size, gz, inlineGz, htmlGz: zlib.gzipSync(html).length };
}

// The lower middle of an even count: a page is not scored above what half of its runs reached.
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];

/**
 * One Lighthouse run of `url`, right after two unmeasured asks as a browser makes them: on a live
 * shop a guest page is asked again and again, so the page cache keeps it (from its second ask
 * within a minute, decision 397) and its brotli copy is made for many (decision 385). Warmed only
 * once at the start, without brotli, a page measured a minute later was a first ask again,
 * rendered and compressed for one visitor (decision 404).
 */
async function lighthouseRun(url, port, attempt = 1) {
  for (let i = 0; i < 2; i++) await (await fetch(url, { headers: { "accept-encoding": BROWSER_ENCODINGS } })).text();
  const { default: lighthouse } = await import("lighthouse");
  const result = await lighthouse(url, { port, output: "json", logLevel: "error", onlyCategories: ["performance"] });
  const lhr = result.lhr;
  if (lhr.runtimeError) {
    // Trace recording now and then fails on a busy machine (NO_NAVSTART, NO_FCP); Lighthouse says to run again.
    if (attempt < 3) return lighthouseRun(url, port, attempt + 1);
    throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  }
  const a = lhr.audits;
  const scripts = a["resource-summary"]?.details?.items?.find((i) => i.resourceType === "script");
  return {
    lhr,
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    lcp: a["largest-contentful-paint"].numericValue,
    tbt: a["total-blocking-time"].numericValue,
    cls: a["cumulative-layout-shift"].numericValue,
    fcp: a["first-contentful-paint"].numericValue,
    jsTransfer: scripts?.transferSize ?? 0,
  };
}

// kB of 1,000 bytes, as Vite and the README count them.
const kb = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;
const ms = (v) => `${Math.round(v)} ms`;

function printTable(rows) {
  const header = JS_ONLY
    ? ["page", "lang", "JS gz", "files", "inline gz", "HTML gz"]
    : ["page", "lang", "score", "LCP", "TBT", "CLS", "FCP", "JS gz", "JS sent"];
  const lines = rows.map((r) =>
    JS_ONLY
      ? [r.name, r.lang, kb(r.js.gz), String(r.js.files), kb(r.js.inlineGz), kb(r.js.htmlGz)]
      : [
          r.name,
          r.lang,
          String(r.score),
          ms(r.lcp),
          ms(r.tbt),
          r.cls.toFixed(3),
          ms(r.fcp),
          kb(r.js.gz),
          kb(r.jsTransfer),
        ],
  );
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const fmt = (cells) =>
    `| ${cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(" | ")} |`;
  console.log(
    `\n${fmt(header)}\n|${widths.map((w, i) => (i < 2 ? "-".repeat(w + 2) : `${"-".repeat(w + 1)}:`)).join("|")}|`,
  );
  for (const l of lines) console.log(fmt(l));
}

async function main() {
  const { base, stop } = await startServer();
  let chrome;
  try {
    const targets = await pages(base);
    const rows = [];
    if (!JS_ONLY) {
      const { launch } = await import("chrome-launcher");
      chrome = await launch({
        chromePath: CHROME,
        chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
      });
    }
    // Unmeasured requests warm the server's memo and Node's JIT, as on a live shop.
    for (let i = 0; i < 3; i++) for (const t of targets) await (await fetch(t.url)).text();
    for (const t of targets) {
      const js = await scriptWeight(t.url);
      if (JS_ONLY) {
        rows.push({ ...t, js });
        continue;
      }
      const runs = [];
      for (let i = 0; i < RUNS; i++) runs.push(await lighthouseRun(t.url, chrome.port));
      // A page under the floor is measured twice as many times again, and the median of all runs
      // counts: a few busy moments on the machine should not fail a page (single runs of one page
      // spread over 84–99 here), a page truly under the floor still fails.
      if (median(runs.map((r) => r.score)) < FLOOR) {
        for (let i = 0; i < 2 * RUNS; i++) runs.push(await lighthouseRun(t.url, chrome.port));
      }
      const best = runs.find((r) => r.score === median(runs.map((x) => x.score)));
      if (process.env.LH_JSON) {
        fs.mkdirSync(process.env.LH_JSON, { recursive: true });
        fs.writeFileSync(path.join(process.env.LH_JSON, `${t.name}-${t.lang}.json`), JSON.stringify(best.lhr));
      }
      const { lhr: _lhr, ...figures } = best;
      rows.push({ ...t, ...figures, js });
      console.log(`${t.name} ${t.lang}: ${best.score} (${runs.map((r) => r.score).join(", ")})`);
    }
    printTable(rows);
    const failing = rows.filter((r) => !JS_ONLY && r.score < FLOOR);
    if (failing.length) {
      console.error(
        `\nUnder the Lighthouse floor of ${FLOOR}: ${failing.map((r) => `${r.name} ${r.lang} (${r.score})`).join(", ")}`,
      );
      process.exitCode = 1;
    }
  } finally {
    await chrome?.kill();
    await stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
