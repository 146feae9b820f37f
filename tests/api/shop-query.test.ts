/**
 * One reading of the shop's query (docs/decisions/160): /shop and GET /api/products answer the same
 * listing for the same link, with the same price rule (decimals kept, a reversed range swapped).
 */
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as shopLoader } from "../../app/routes/shop";
import { catalogContract } from "../../server/modules/catalog/contract";
import { makeProduct } from "../support/catalog-factories";
import { createTestApp, type TestApp } from "../support/test-app";

let t: TestApp;
const TOKEN = `qz${crypto.randomBytes(4).toString("hex")}`;

beforeAll(async () => {
  t = await createTestApp();
  // Prices in piastres: 100.00, 249.50 and 3000.00 EGP.
  for (const [label, price] of [
    ["low", 10_000],
    ["mid", 24_950],
    ["high", 300_000],
  ] as const) {
    await makeProduct(t.database.db, { name: `Query ${label} ${TOKEN}`, price, category: "tops" });
  }
});
afterAll(() => t.close());

async function fromApi(query: string): Promise<string[]> {
  const res = await t.app.inject({ method: "GET", url: `/api/products?search=${TOKEN}&${query}` });
  expect(res.statusCode).toBe(200);
  return (res.json().products as { name: string }[]).map((p) => p.name).sort();
}

async function fromPage(query: string): Promise<string[]> {
  const url = new URL(`http://shop.test/shop?search=${TOKEN}&${query}`);
  const data = await shopLoader({ url, context: { deps: t.deps, user: null }, params: {} } as never);
  return data.products.map((p) => p.name).sort();
}

const names = (...labels: string[]) => labels.map((l) => `Query ${l} ${TOKEN}`).sort();

describe("the shop's query, read once for the page and the API", () => {
  it.each([
    ["a range as written", "price=200-3000", names("high", "mid")],
    ["a reversed range, swapped", "price=3000-200", names("high", "mid")],
    ["decimals", "price=249.5-249.5", names("mid")],
    ["one side only", "price=-249.50", names("low", "mid")],
    ["the filter form's boxes without script", "priceMin=3000&priceMax=200", names("high", "mid")],
    ["a category and a sort from the one sort list", "category=tops&sortBy=desc", names("high", "low", "mid")],
  ])("%s: the page and the API list the same products", async (_, query, expected) => {
    expect(await fromApi(query)).toEqual(expected);
    expect(await fromPage(query)).toEqual(expected);
  });

  it("orders by the same sort on both", async () => {
    const res = await t.app.inject({ method: "GET", url: `/api/products?search=${TOKEN}&sortBy=asc` });
    const url = new URL(`http://shop.test/shop?search=${TOKEN}&sortBy=asc`);
    const page = await shopLoader({ url, context: { deps: t.deps, user: null }, params: {} } as never);
    const api = (res.json().products as { name: string }[]).map((p) => p.name);
    expect(api).toEqual([`Query low ${TOKEN}`, `Query mid ${TOKEN}`, `Query high ${TOKEN}`]);
    expect(page.products.map((p) => p.name)).toEqual(api);
  });

  it("a price longer than any real one: the API refuses it, the page ignores it", async () => {
    const long = "1".repeat(60);
    expect((await t.app.inject({ method: "GET", url: `/api/products?price=${long}` })).statusCode).toBe(400);
    expect(await fromPage(`price=${long}`)).toEqual(names("high", "low", "mid"));
  });

  it("the listing and the home data, sent as memoised JSON text, still match their contracts", async () => {
    // Text replies skip the reply checker of server/http/reply-serializer.ts, so they are checked here.
    const list = await t.app.inject({ method: "GET", url: `/api/products?search=${TOKEN}` });
    expect(catalogContract.listProducts.reply.safeParse(list.json()).error).toBeUndefined();
    const home = await t.app.inject({ method: "GET", url: "/api/promos-featuredproducts" });
    expect(catalogContract.getHomeData.reply.safeParse(home.json()).error).toBeUndefined();
    expect(home.json().featuredProducts.length).toBeGreaterThan(0);
    const rows = await t.app.inject({ method: "GET", url: "/api/home-rows" });
    expect(catalogContract.getHomeRows.reply.safeParse(rows.json()).error).toBeUndefined();
    expect(rows.json().rows.length).toBeGreaterThan(0);
  });
});
