/**
 * Answers compressed on the fly (decision 370): a buffered answer, every page and JSON, is
 * compressed in one call and sent with its length, not piped through a zlib stream, which cost
 * three to four times the CPU. The plugin's own default streams anything over 8 KB on two cores.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import zlib from "node:zlib";
import { COMPRESS_IN_ONE_CALL_BYTES } from "../../server/http/compress-bytes";
import { createTestApp, type TestApp } from "../support/test-app";
import { makeProduct } from "../support/catalog-factories";
import { emit } from "../../server/events";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const CHROME = "gzip, deflate, br, zstd";
const brotli = (text: string, quality: number) =>
  zlib.brotliCompressSync(Buffer.from(text), { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: quality } });
const gzip = (text: string, level: number) => zlib.gzipSync(Buffer.from(text), { level });

describe("a large JSON answer", () => {
  it("leaves brotli-compressed in one piece, with its length, for a browser", async () => {
    const res = await t.app.inject({ url: "/api/openapi.json", headers: { "accept-encoding": CHROME } });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers["transfer-encoding"]).toBeUndefined();
    expect(Number(res.headers["content-length"])).toBe(res.rawPayload.length);
    const json = zlib.brotliDecompressSync(res.rawPayload);
    // Larger than the plugin's default one-call size on this machine, smaller than ours.
    expect(json.length).toBeGreaterThan(64 * 1024);
    expect(json.length).toBeLessThan(COMPRESS_IN_ONE_CALL_BYTES);
    expect(JSON.parse(json.toString()).openapi).toMatch(/^3\./);
  });

  it("leaves gzipped the same way for a client without brotli, and plain for one without either", async () => {
    const gz = await t.app.inject({ url: "/api/openapi.json", headers: { "accept-encoding": "gzip" } });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(Number(gz.headers["content-length"])).toBe(gz.rawPayload.length);
    const plain = await t.app.inject({ url: "/api/openapi.json" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(plain.payload);
  });

  it("is compressed fast, made for one visitor: brotli 1, gzip 1 (decisions 385 and 400)", async () => {
    const plain = (await t.app.inject({ url: "/api/openapi.json" })).payload;
    const br = await t.app.inject({ url: "/api/openapi.json", headers: { "accept-encoding": CHROME } });
    expect(br.rawPayload.equals(brotli(plain, 1))).toBe(true);
    const gz = await t.app.inject({ url: "/api/openapi.json", headers: { "accept-encoding": "gzip" } });
    expect(gz.rawPayload.equals(gzip(plain, 1))).toBe(true);
  });
});

describe("text every visitor gets alike (decision 371)", () => {
  it("is compressed once and sent from its kept copy, until the catalogue changes it", async () => {
    for (let i = 0; i < 3; i++) await makeProduct(t.deps.db, { name: `Kept Copy Dress ${i}` });
    emit("catalogue.changed", { reason: "product" });
    const ask = (encoding: string) =>
      t.app.inject({ url: "/api/promos-featuredproducts", headers: { "accept-encoding": encoding } });
    const before = t.app.compressionStats();
    const first = await ask(CHROME);
    const second = await ask(CHROME);
    const plain = await ask("identity");
    const after = t.app.compressionStats();
    expect(after.compressed - before.compressed).toBe(1);
    expect(after.reused - before.reused).toBe(1);
    for (const res of [first, second]) {
      // Sent to many, compressed harder (decision 385).
      expect(res.rawPayload.equals(brotli(plain.payload, 4))).toBe(true);
      expect(res.headers["content-encoding"]).toBe("br");
      expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
      expect(Number(res.headers["content-length"])).toBe(res.rawPayload.length);
      expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(plain.payload);
    }
    // gzip is kept beside brotli, from the same text.
    const gz = await ask("gzip");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gz.rawPayload.equals(gzip(plain.payload, 6))).toBe(true);
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(plain.payload);

    // A write clears the memo: the next answer is the new text's, never the kept copy of the old.
    await makeProduct(t.deps.db, { name: "After The Write Dress" });
    emit("catalogue.changed", { reason: "product" });
    const changed = await ask(CHROME);
    const text = zlib.brotliDecompressSync(changed.rawPayload).toString();
    expect(text).toContain("After The Write Dress");
    expect(text).toBe((await ask("identity")).payload);
  });

  it("is not compressed for a client that asks for no compression", async () => {
    const res = await t.app.inject({
      url: "/api/promos-featuredproducts",
      headers: { "accept-encoding": "br", "x-no-compression": "1" },
    });
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(JSON.parse(res.payload)).toBeTypeOf("object");
  });
});

describe("on the embedded database's allocator settings (decision 377)", () => {
  // There glibc maps every block of 128 kB or more on its own, and brotli's encoder maps, faults in
  // and unmaps its buffers at every call: two to four times gzip's CPU for 3–10 % fewer bytes.
  let embedded: TestApp;
  beforeAll(async () => {
    const before = process.env.GLIBC_TUNABLES;
    process.env.GLIBC_TUNABLES = "glibc.malloc.mmap_threshold=131072";
    try {
      embedded = await createTestApp();
    } finally {
      if (before === undefined) delete process.env.GLIBC_TUNABLES;
      else process.env.GLIBC_TUNABLES = before;
    }
  });
  afterAll(async () => {
    await embedded?.close();
  });

  it("answers a browser that accepts both in gzip, and one that accepts only brotli in brotli", async () => {
    const both = await embedded.app.inject({ url: "/api/openapi.json", headers: { "accept-encoding": CHROME } });
    expect(both.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(zlib.gunzipSync(both.rawPayload).toString()).openapi).toMatch(/^3\./);
    const brOnly = await embedded.app.inject({ url: "/api/openapi.json", headers: { "accept-encoding": "br" } });
    expect(brOnly.headers["content-encoding"]).toBe("br");
  });

  it("sends a text kept for many in brotli there too: compressed once, its bytes are saved at every answer (decision 404)", async () => {
    for (let i = 0; i < 3; i++) await makeProduct(embedded.deps.db, { name: `Embedded Kept Dress ${i}` });
    emit("catalogue.changed", { reason: "product" });
    const url = "/api/promos-featuredproducts";
    const res = await embedded.app.inject({ url, headers: { "accept-encoding": CHROME } });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    const plain = (await embedded.app.inject({ url })).payload;
    expect(res.rawPayload.equals(brotli(plain, 4))).toBe(true);
  });

  it("sends a listing's first answer, made for one visitor, in gzip there, and the next, made for many, in brotli", async () => {
    for (let i = 0; i < 12; i++)
      await makeProduct(embedded.deps.db, { name: `Embedded Once Dress ${i}`, category: "tops" });
    emit("catalogue.changed", { reason: "product" });
    const url = "/api/products?category=tops&sortBy=newest&page=1";
    const res = await embedded.app.inject({ url, headers: { "accept-encoding": CHROME } });
    expect(res.headers["content-encoding"]).toBe("gzip");
    const plain = (await embedded.app.inject({ url, headers: { "accept-encoding": "identity" } })).payload;
    expect(res.rawPayload.equals(gzip(plain, 1))).toBe(true);
    for (let i = 0; i < 2; i++) {
      const again = await embedded.app.inject({ url, headers: { "accept-encoding": CHROME } });
      expect(again.headers["content-encoding"]).toBe("br");
      expect(again.rawPayload.equals(brotli(plain, 4))).toBe(true);
    }
  });
});

describe("a listing, which may be asked only once (decision 393)", () => {
  it("is compressed fast for its first visitor, harder once a second asks, then sent from that copy", async () => {
    for (let i = 0; i < 12; i++) await makeProduct(t.deps.db, { name: `Once Asked Dress ${i}`, category: "dresses" });
    emit("catalogue.changed", { reason: "product" });
    const url = "/api/products?category=dresses&sortBy=newest&page=1";
    const ask = (encoding: string) => t.app.inject({ url, headers: { "accept-encoding": encoding } });
    const plain = (await ask("identity")).payload;
    expect(plain.length).toBeGreaterThan(1024);
    const before = t.app.compressionStats();
    const first = await ask(CHROME);
    const second = await ask(CHROME);
    const third = await ask(CHROME);
    const after = t.app.compressionStats();
    expect(first.rawPayload.equals(brotli(plain, 1))).toBe(true);
    expect(second.rawPayload.equals(brotli(plain, 4))).toBe(true);
    expect(third.rawPayload.equals(brotli(plain, 4))).toBe(true);
    expect(after.compressed - before.compressed).toBe(2);
    expect(after.reused - before.reused).toBe(1);
    for (const res of [first, second, third]) {
      expect(res.headers["content-encoding"]).toBe("br");
      expect(Number(res.headers["content-length"])).toBe(res.rawPayload.length);
      expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(plain);
    }
  });
});

describe("kept compressed copies (decision 401)", () => {
  it("go with the memoised text: once a write clears the memo, the same listing is compressed anew", async () => {
    for (let i = 0; i < 12; i++) await makeProduct(t.deps.db, { name: `Kept With Text ${i}`, category: "skirts" });
    emit("catalogue.changed", { reason: "product" });
    const url = "/api/products?category=skirts&sortBy=oldest&page=1";
    const ask = () => t.app.inject({ url, headers: { "accept-encoding": CHROME } });
    const before = t.app.compressionStats();
    const first = await ask();
    // A write that changes nothing this listing shows: the text is read again, alike.
    emit("catalogue.changed", { reason: "product" });
    const again = await ask();
    const after = t.app.compressionStats();
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    // Copies kept by the text's content outlived the memo (the second answer was "reused" before).
    expect(after.compressed - before.compressed).toBe(2);
    expect(after.reused - before.reused).toBe(0);
  });
});
