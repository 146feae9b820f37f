/**
 * Decision 405: pages rendered on a render thread are the pages the main thread renders. Two built
 * servers on one PostgreSQL database, one with a render thread and one without, are asked the same
 * pages in both languages, as a guest and as a signed-in customer; the HTML must be the same bytes
 * (each page's nonce and the server's own address aside). The thread's server reports on /metrics
 * that its pages were rendered on the thread, none on the main thread instead, and that the thread
 * compressed each for its visitor too (decision 407): the page arrives in brotli, the same page.
 */
import { describe, expect, it } from "vitest";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startBuiltServer, type BuiltServer } from "../../scripts/built-server.mjs";
import { signUpCustomer } from "../../scripts/render-cpu.mjs";
import { canRunCluster, createEmptyDatabase } from "../support/cluster";

const METRICS_TOKEN = crypto.randomBytes(24).toString("hex");

async function start(databaseUrl: string, renderThreads: string): Promise<BuiltServer & { dataDir: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `shop-threads-${renderThreads}-`));
  const server = await startBuiltServer({
    env: {
      NODE_ENV: "production",
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      SEED_DEMO: "true",
      SMTP_URL: "",
      ADMIN_EMAIL: "owner@threads.test",
      ADMIN_PASSWORD: "Threads-pass-123",
      METRICS_TOKEN,
      RENDER_THREADS: renderThreads,
      // Every kept part of the shell is checked against a fresh render, on the thread too (decision 387).
      KEPT_MARKUP_VERIFY: "1",
      LOG_LEVEL: "warn",
      RATE_LIMIT_SCALE: "50",
    },
    stdio: ["ignore", "ignore", "inherit"],
    timeoutMs: 150_000,
  });
  return { ...server, dataDir };
}

/**
 * A page as two servers can be compared: without its nonces and the server's own address. Asked
 * in brotli, as a browser asks; fetch decompresses it.
 */
async function pageOf(server: BuiltServer, pathname: string, cookie: string) {
  const res = await fetch(server.base + pathname, { headers: { cookie, "accept-encoding": "br" }, redirect: "manual" });
  const html = (await res.text()).replaceAll(/nonce="[^"]*"/g, 'nonce=""').replaceAll(server.base, "BASE");
  return { status: res.status, html, encoding: res.headers.get("content-encoding") };
}

async function threadCounts(server: BuiltServer) {
  const res = await fetch(`${server.base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  const text = await res.text();
  const count = (where: string) =>
    Number(new RegExp(`azya_render_thread_pages\\{where="${where}"\\} (\\d+)`).exec(text)?.[1] ?? Number.NaN);
  const slots = Number(/azya_render_slots (\d+)/.exec(text)?.[1] ?? Number.NaN);
  const compressed = Number(/azya_render_thread_compressed_pages (\d+)/.exec(text)?.[1] ?? Number.NaN);
  return { thread: count("thread"), mainInstead: count("main_instead"), compressed, slots };
}

describe.skipIf(!canRunCluster())("pages on a render thread (built server, PostgreSQL)", () => {
  it("are the main thread's pages byte for byte, in both languages, for guests and customers", async () => {
    const { url } = await createEmptyDatabase();
    const threaded = await start(url, "1");
    const single = await start(url, "0");
    try {
      const customer = await signUpCustomer(threaded.base, threaded.dataDir);
      const listing = (await (await fetch(`${threaded.base}/api/products?limit=2`)).json()) as {
        products: { _id: string }[];
      };
      const pages = [
        "/",
        "/shop",
        "/shop?category=dresses&sortBy=asc&inStock=true",
        `/product/${listing.products[0]!._id}`,
        `/product/${listing.products[1]!._id}`,
        "/about",
        "/posts",
        "/cart",
        "/wishlist",
        "/account",
        // React Router's 404 and an error page stay on the main thread (their errors do not clone whole).
        "/no-such-page",
      ];
      let compared = 0;
      for (const pathname of pages) {
        for (const lang of ["en", "ar"]) {
          for (const viewer of [`lang=${lang}`, `${customer.cookie}; lang=${lang}`]) {
            const onThread = await pageOf(threaded, pathname, viewer);
            const onMain = await pageOf(single, pathname, viewer);
            expect({ pathname, viewer, status: onThread.status }).toEqual({ pathname, viewer, status: onMain.status });
            expect(onThread.html, `${pathname} (${viewer})`).toBe(onMain.html);
            if (onThread.status === 200) expect(onThread.html).toContain("</html>");
            expect(onThread.encoding, `${pathname} (${viewer})`).toBe(onMain.encoding);
            compared++;
          }
        }
      }
      expect(compared).toBe(pages.length * 4);
      const counts = await threadCounts(threaded);
      // Every 200 page went to the thread (the 404's four did not); none had to fall back.
      expect(counts.mainInstead).toBe(0);
      expect(counts.thread).toBeGreaterThanOrEqual((pages.length - 1) * 4 - 4);
      // Each was asked for in brotli and compressed on the thread, not on the main thread (decision 407).
      expect(counts.compressed).toBe(counts.thread);
      const ownPage = await fetch(`${threaded.base}/product/${listing.products[0]!._id}?fresh`, {
        headers: { cookie: customer.cookie, "accept-encoding": "br" },
      });
      expect(ownPage.headers.get("content-encoding")).toBe("br");
      expect(await ownPage.text()).toContain("</html>");
      expect((await threadCounts(threaded)).compressed).toBe(counts.compressed + 1);
      expect(Number.isNaN((await threadCounts(single)).thread)).toBe(true);
      // Two pages in flight for each thread that renders: the main thread, and the render thread (decision 406).
      expect(counts.slots).toBe(4);
      expect((await threadCounts(single)).slots).toBe(2);
    } finally {
      await threaded.stop();
      await single.stop();
      for (const dir of [threaded.dataDir, single.dataDir]) fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 300_000);
});
