/**
 * Decision 405: a page whose render thread fails is rendered on the main thread, whole and the
 * same. The real server build (skipped, visibly, without `npm run build`) runs with a thread that
 * answers every page with an error (tests/support/render-thread-stand-in.mjs): every page still
 * answers 200 with its content, and /metrics counts each one as rendered on the main thread instead.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { FastifyInstance } from "fastify";
import type { ServerBuild } from "react-router";
import { loadConfig } from "../../server/config";
import type { buildApp } from "../../server/app";
import type { Database } from "../../server/db/client";
import { seedReference, seedShipping } from "../../server/db/seed/reference";
import { createTestDatabase } from "../support/test-app";
import { makeProduct } from "../support/catalog-factories";

const serverEntry = path.resolve("build/server/index.js");
const built = fs.existsSync(serverEntry);
const STAND_IN = new URL("../support/render-thread-stand-in.mjs", import.meta.url).href;
const METRICS_TOKEN = "render-thread-fallback-metrics-token";

let app: FastifyInstance;
let database: Database;
let dataDir: string;

beforeAll(async () => {
  if (!built) return;
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-thread-fallback-"));
  const config = loadConfig({
    NODE_ENV: "production",
    PUBLIC_URL: "https://azya.example",
    DATA_DIR: dataDir,
    LOG_LEVEL: "silent",
    SEED_DEMO: "false",
    RENDER_THREADS: "1",
    METRICS_TOKEN,
  } as NodeJS.ProcessEnv);
  database = await createTestDatabase();
  await seedReference(database.db);
  await seedShipping(database.db);
  const bundle = (await import(pathToFileURL(serverEntry).href)) as {
    buildApp: typeof buildApp;
    ssrBuild: ServerBuild;
  };
  app = await bundle.buildApp({
    config,
    database,
    ssrBuild: bundle.ssrBuild,
    renderThreadUrl: STAND_IN,
    mailTransport: { async send() {} },
  });
});
afterAll(async () => {
  if (!built) return;
  await app.close();
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe.skipIf(!built)("a page its render thread could not render (built server)", () => {
  it("is rendered on the main thread instead: whole, in both languages, and counted", async () => {
    const product = await makeProduct(database.db, { name: "Fallback Satin Dress" });
    let pages = 0;
    for (const lang of ["en", "ar"]) {
      for (const url of [`/product/${product.id}`, "/shop", "/", "/about"]) {
        const res = await app.inject({ method: "GET", url, headers: { cookie: `lang=${lang}` } });
        expect({ url, lang, status: res.statusCode }).toEqual({ url, lang, status: 200 });
        expect(res.body).toMatch(/^<!DOCTYPE html><html lang="(en|ar)"/);
        expect(res.body).toContain("</html>");
        if (url.startsWith("/product/")) expect(res.body).toContain("Fallback Satin Dress");
        pages++;
      }
    }
    const metrics = await app.inject({
      method: "GET",
      url: "/metrics",
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    const count = (where: string) =>
      Number(new RegExp(`azya_render_thread_pages\\{where="${where}"\\} (\\d+)`).exec(metrics.body)?.[1]);
    expect(count("main_instead")).toBe(pages);
    expect(count("thread")).toBe(0);
  });
});
