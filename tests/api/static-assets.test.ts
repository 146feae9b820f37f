/**
 * The browser build's assets: compressed ahead of time by scripts/precompress.mjs (brotli 11, gzip 9)
 * and served as they are to browsers that accept them, cached for a year since their names are hashed.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { createTestApp, type TestApp } from "../support/test-app";

let t: TestApp;
let clientDir: string;
const script = `export const greeting = ${JSON.stringify("hello, مرحبا ".repeat(400))};\n`;

beforeAll(async () => {
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-client-"));
  fs.mkdirSync(path.join(clientDir, "assets"));
  fs.writeFileSync(path.join(clientDir, "assets", "entry-Ab12Cd34.js"), script);
  fs.writeFileSync(path.join(clientDir, "assets", "tiny-Ef56Gh78.js"), "export {};\n");
  execFileSync(process.execPath, ["scripts/precompress.mjs", clientDir]);
  t = await createTestApp({ clientDir });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

const get = (url: string, encoding?: string) =>
  t.app.inject({ url, headers: encoding ? { "accept-encoding": encoding } : {} });

describe("build assets", () => {
  it("are served brotli-compressed ahead of time to browsers that take brotli", async () => {
    const res = await get("/assets/entry-Ab12Cd34.js", "gzip, deflate, br");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.rawPayload.length).toBeLessThan(Buffer.byteLength(script) / 10);
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(script);
  });

  it("are served gzipped to browsers without brotli, and as they are to the rest", async () => {
    const gz = await get("/assets/entry-Ab12Cd34.js", "gzip");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(script);
    const plain = await get("/assets/entry-Ab12Cd34.js");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.payload).toBe(script);
  });

  it("has no copies of files too small to gain, which are still served (compressed on the fly)", async () => {
    expect(fs.existsSync(path.join(clientDir, "assets", "tiny-Ef56Gh78.js.br"))).toBe(false);
    const res = await get("/assets/tiny-Ef56Gh78.js", "br");
    expect(res.statusCode).toBe(200);
    const body =
      res.headers["content-encoding"] === "br" ? zlib.brotliDecompressSync(res.rawPayload).toString() : res.payload;
    expect(body).toBe("export {};\n");
  });
});
