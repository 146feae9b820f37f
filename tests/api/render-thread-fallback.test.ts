/**
 * Decision 405: a page whose render thread fails is rendered on the main thread, whole and the
 * same. The real server build (skipped, visibly, without `npm run build`) runs with a thread that
 * answers every page with an error (tests/support/render-thread-stand-in.mjs): every page still
 * answers 200 with its content, and /metrics counts each one as rendered on the main thread instead.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import type { Database } from "../../server/db/client";
import { bundleBuilt, openBuiltApp, type BuiltApp } from "../support/built-app";
import { makeProduct } from "../support/catalog-factories";

const STAND_IN = new URL("../support/render-thread-stand-in.mjs", import.meta.url).href;
const METRICS_TOKEN = "render-thread-fallback-metrics-token";

let built: BuiltApp;
let app: FastifyInstance;
let database: Database;

beforeAll(async () => {
  if (!bundleBuilt) return;
  built = await openBuiltApp(
    "shop-thread-fallback-",
    { RENDER_THREADS: "1", METRICS_TOKEN },
    { renderThreadUrl: STAND_IN },
  );
  ({ app, database } = built);
});
afterAll(async () => {
  if (bundleBuilt) await built.close();
});

describe.skipIf(!bundleBuilt)("a page its render thread could not render (built server)", () => {
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
