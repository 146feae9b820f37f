/**
 * Guest pages from the page cache, through the real server build (`npm run build`; skipped,
 * visibly, without it): a guest's second visit is a hit, a signed-in page never is, a price change
 * empties the cache, parallel misses render once, a kept page is the same bytes for every guest
 * (its scripts allowed by their hashes) and is compressed once.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import crypto from "node:crypto";
import zlib from "node:zlib";
import type { FastifyInstance } from "fastify";
import type { Database } from "../../server/db/client";
import { bundleBuilt, openBuiltApp, type BuiltApp } from "../support/built-app";
import { signedIn } from "../support/factories";
import { makeProduct, productBody } from "../support/catalog-factories";

let built: BuiltApp;
let app: FastifyInstance;
let database: Database;

beforeAll(async () => {
  if (!bundleBuilt) return;
  built = await openBuiltApp("shop-page-cache-", {}, { runJobs: false });
  ({ app, database } = built);
  await app.ready();
});
afterAll(async () => {
  if (bundleBuilt) await built.close();
});

const nonceOf = (csp: unknown) => /'nonce-([^']+)'/.exec(String(csp))?.[1];

/** The CSP sources of a page's inline scripts, worked out here from the HTML as a browser would. */
const inlineScriptsOf = (html: string) => [
  ...new Set(
    [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
      .filter(([, attributes]) => !/\bsrc=/.test(attributes!))
      .map(([, , text]) => `'sha256-${crypto.createHash("sha256").update(text!, "utf8").digest("base64")}'`),
  ),
];

describe.skipIf(!bundleBuilt)("guest pages from the page cache (needs `npm run build`)", () => {
  it("sends a page asked once with a nonce of its own, private; keeps it from the second ask (decision 397)", async () => {
    const once = await app.inject({ method: "GET", url: "/about?first=ask" });
    expect(once.statusCode).toBe(200);
    expect(once.headers["x-page-cache"]).toBe("once");
    expect(once.headers["cache-control"]).toBe("private, max-age=0");
    const nonce = nonceOf(once.headers["content-security-policy"]);
    expect(nonce).toBeTruthy();
    expect(once.body).toContain(`nonce="${nonce}"`);
    const kept = await app.inject({ method: "GET", url: "/about?first=ask" });
    expect(kept.headers["x-page-cache"]).toBe("miss");
    expect(kept.headers["cache-control"]).toContain("s-maxage=");
    expect(nonceOf(kept.headers["content-security-policy"])).toBeUndefined();
    expect((await app.inject({ method: "GET", url: "/about?first=ask" })).body).toBe(kept.body);
  });

  it("keeps nothing of a flood of addresses each asked once (decision 397)", async () => {
    const before = app.pageCache.stats();
    for (let i = 0; i < 30; i++) {
      const res = await app.inject({ method: "GET", url: `/contact?flood=${i}` });
      expect(res.headers["x-page-cache"]).toBe("once");
    }
    expect(app.pageCache.stats().entries).toBe(before.entries);
    expect(app.pageCache.stats().bytes).toBe(before.bytes);
  });

  it("answers a guest's visits from the cache once kept, with CDN headers, the same bytes and its scripts' hashes", async () => {
    await app.inject({ method: "GET", url: "/about" });
    const first = await app.inject({ method: "GET", url: "/about" });
    expect(first.statusCode).toBe(200);
    expect(first.headers["x-page-cache"]).toBe("miss");
    const second = await app.inject({ method: "GET", url: "/about" });
    expect(second.headers["x-page-cache"]).toBe("hit");
    expect(second.body).toBe(first.body);
    expect(second.headers["cache-control"]).toContain("s-maxage=");
    expect(second.headers["cache-control"]).toContain("stale-while-revalidate=");
    expect(String(second.headers.vary)).toMatch(/\bCookie\b/i);
    // Decision 372: no nonce, which would make every reply's bytes differ; each inline script of
    // the page, and nothing else, is allowed by its hash.
    for (const res of [first, second]) {
      const csp = String(res.headers["content-security-policy"]);
      expect(csp).not.toContain("'nonce-");
      const scriptSrc = /script-src ([^;]*)/.exec(csp)![1]!.split(" ").filter(Boolean);
      const hashes = scriptSrc.filter((s) => s.startsWith("'sha256-")).sort();
      expect(hashes).toEqual(inlineScriptsOf(res.body).sort());
      expect(scriptSrc.filter((s) => !s.startsWith("'sha256-"))).toEqual(["'self'"]);
    }
    expect(inlineScriptsOf(first.body).length).toBeGreaterThanOrEqual(4);
  });

  it("compresses a kept page fast for its first guest and harder for the second, then never again (decisions 385 and 400)", async () => {
    const url = "/shipping-policy";
    const chrome = { "accept-encoding": "gzip, deflate, br, zstd" };
    await app.inject({ method: "GET", url });
    const plain = await app.inject({ method: "GET", url });
    const before = app.compressionStats();
    const replies = [];
    for (let i = 0; i < 4; i++) replies.push(await app.inject({ method: "GET", url, headers: chrome }));
    const after = app.compressionStats();
    expect(after.compressed - before.compressed).toBe(2);
    expect(after.reused - before.reused).toBe(2);
    const quality = (q: number) =>
      zlib.brotliCompressSync(Buffer.from(plain.body), { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: q } });
    expect(replies[0]!.rawPayload.equals(quality(1))).toBe(true);
    for (const res of replies.slice(1)) expect(res.rawPayload.equals(quality(4))).toBe(true);
    for (const res of replies) {
      expect(res.headers["x-page-cache"]).toBe("hit");
      expect(res.headers["content-encoding"]).toBe("br");
      expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
      expect(Number(res.headers["content-length"])).toBe(res.rawPayload.length);
      expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(plain.body);
    }
    const gz = await app.inject({ method: "GET", url, headers: { "accept-encoding": "gzip" } });
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
  });

  it("compresses a kept page asked for before in the other encoding for many at once (decision 404)", async () => {
    const url = "/privacy-policy";
    await app.inject({ method: "GET", url });
    const plain = await app.inject({ method: "GET", url });
    // A first guest whose client takes only gzip, then browsers.
    const gz = await app.inject({ method: "GET", url, headers: { "accept-encoding": "gzip" } });
    expect(gz.rawPayload.equals(zlib.gzipSync(Buffer.from(plain.body), { level: 1 }))).toBe(true);
    const brotli4 = zlib.brotliCompressSync(Buffer.from(plain.body), {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 },
    });
    for (let i = 0; i < 2; i++) {
      const br = await app.inject({ method: "GET", url, headers: { "accept-encoding": "gzip, deflate, br, zstd" } });
      expect(br.headers["x-page-cache"]).toBe("hit");
      expect(br.rawPayload.equals(brotli4)).toBe(true);
    }
  });

  it("renders a guest's page on its first and second asks, then not at all", async () => {
    const before = app.pageRenders();
    const once = await app.inject({ method: "GET", url: "/refund-policy" });
    expect(once.headers["x-page-cache"]).toBe("once");
    expect(app.pageRenders() - before).toBe(1);
    const miss = await app.inject({ method: "GET", url: "/refund-policy" });
    expect(miss.headers["x-page-cache"]).toBe("miss");
    expect(app.pageRenders() - before).toBe(2);
    const hit = await app.inject({ method: "GET", url: "/refund-policy" });
    expect(hit.headers["x-page-cache"]).toBe("hit");
    expect(app.pageRenders() - before).toBe(2);
    // A reply the cache does not keep is sent once, not rendered again on the usual path.
    await app.inject({ method: "GET", url: "/robots.txt" });
    expect(app.pageRenders() - before).toBe(3);
  });

  it("keeps languages and themes apart", async () => {
    for (let i = 0; i < 3; i++) await app.inject({ method: "GET", url: "/privacy-policy" });
    const ar = await app.inject({ method: "GET", url: "/privacy-policy", headers: { cookie: "lang=ar" } });
    expect(ar.headers["x-page-cache"]).toBe("once");
    expect(ar.body).toContain('lang="ar"');
    const dark = await app.inject({ method: "GET", url: "/privacy-policy", headers: { cookie: "theme=dark" } });
    expect(dark.headers["x-page-cache"]).toBe("once");
  });

  it("never caches a signed-in page, which stays private, no-store", async () => {
    const { cookie } = await signedIn(database.db);
    for (let i = 0; i < 2; i++) {
      const res = await app.inject({ method: "GET", url: "/about", headers: { cookie } });
      expect(res.statusCode).toBe(200);
      expect(res.headers["x-page-cache"]).toBeUndefined();
      expect(res.headers["cache-control"]).toBe("private, no-store");
    }
  });

  it("shows a new price at once: a product change empties the cache", async () => {
    const product = await makeProduct(database.db, { price: 50_000 });
    const url = `/product/${product.id}`;
    const before = await app.inject({ method: "GET", url });
    expect(before.statusCode).toBe(200);
    expect((await app.inject({ method: "GET", url })).headers["x-page-cache"]).toBe("miss");
    expect((await app.inject({ method: "GET", url })).headers["x-page-cache"]).toBe("hit");
    const { headers } = await signedIn(database.db, "admin");
    const saved = await app.inject({
      method: "PUT",
      url: `/api/products/${product.id}`,
      headers,
      payload: productBody({ name: product.name, code: product.code, price: 777 }),
    });
    expect(saved.statusCode).toBe(200);
    // Asked before the write, the page is kept again from its first ask after it.
    const after = await app.inject({ method: "GET", url });
    expect(after.headers["x-page-cache"]).toBe("miss");
    expect(after.body).toContain("777");
  });

  it("renders once for 20 parallel guests asking for the same uncached page", async () => {
    const rendersBefore = app.pageCache.stats().renders;
    const replies = await Promise.all(
      Array.from({ length: 20 }, () => app.inject({ method: "GET", url: "/terms-service?from=test" })),
    );
    expect(replies.every((r) => r.statusCode === 200)).toBe(true);
    expect(app.pageCache.stats().renders - rendersBefore).toBe(1);
    expect(replies.filter((r) => r.headers["x-page-cache"] === "miss")).toHaveLength(1);
    expect(new Set(replies.map((r) => r.body)).size).toBe(1);
    expect(new Set(replies.map((r) => r.headers["content-security-policy"])).size).toBe(1);
  });

  it("does not keep a page that is not found", async () => {
    const first = await app.inject({ method: "GET", url: "/no-such-page" });
    expect(first.statusCode).toBe(404);
    const second = await app.inject({ method: "GET", url: "/no-such-page" });
    expect(second.headers["x-page-cache"]).toBe("bypass");
    // A page rendered for one guest and not kept keeps a nonce of its own reply.
    const [a, b] = [first, second].map((r) => nonceOf(r.headers["content-security-policy"]));
    expect(a).toBeTruthy();
    expect(a).not.toBe(b);
    expect(second.body).toContain(`nonce="${b}"`);
    expect(second.body).not.toContain(a!);
  });
});
