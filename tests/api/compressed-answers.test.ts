/**
 * Answers compressed on the fly (decision 370): a buffered answer, every page and JSON, is
 * compressed in one call and sent with its length, not piped through a zlib stream, which cost
 * three to four times the CPU. The plugin's own default streams anything over 8 KB on two cores.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import zlib from "node:zlib";
import { COMPRESS_IN_ONE_CALL_BYTES } from "../../server/app";
import { createTestApp, type TestApp } from "../support/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const CHROME = "gzip, deflate, br, zstd";

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
});
