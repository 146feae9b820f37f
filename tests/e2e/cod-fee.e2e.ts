/**
 * Issue 16's cash-on-delivery fee in the browser, in English and Arabic: with COD_FEE set, a guest
 * who pays in cash sees the fee as its own line of the totals on the last checkout step, labelled
 * in the page's language, and the total counts it; the order placed carries the same fee and total.
 * The shared browser-test server has no fee (the other journeys' totals would move), so this file
 * starts its own, as `npm start` runs it, with a fee of 15 EGP.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chromium, type Browser } from "playwright-core";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { translate } from "@core/i18n";
import type { ProductDTO } from "@server/modules/catalog/product-dto";
import { demoShopEnv, startBuiltServer } from "../../scripts/built-server.mjs";
import { accessibilityViolations, CHROMIUM, failOnConsoleErrors } from "./support/browser";
import { addToCart, alexandriaAddress, fillShippingAddress } from "./support/shopper";
import { call, createProduct } from "./support/shop-data";

const FEE_EGP = 15;
const ADMIN = { email: "admin@cod-fee.test", password: "Cod-fee-pass-1" };
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-cod-fee-"));

let server: Awaited<ReturnType<typeof startBuiltServer>> | undefined;
let browser: Browser;
let product: ProductDTO;

beforeAll(async () => {
  server = await startBuiltServer({
    env: {
      ...demoShopEnv(dataDir, ADMIN),
      RATE_LIMIT_SCALE: "50",
      COD_FEE: String(FEE_EGP),
    },
    stdio: "ignore",
    timeoutMs: 90_000,
  });
  const token = (await call<{ token: string }>("/login", { body: ADMIN, base: server.base })).token;
  product = await createProduct(token, "FEE", {}, server.base);
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox", "--disable-gpu"] });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Piastres in an amount as the page writes it: Latin digits, thousands commas, optional cents. */
const piastresIn = (text: string) => Math.round(Number(/[\d,]+(?:\.\d+)?/.exec(text)![0].replace(/,/g, "")) * 100);

describe.each(["en", "ar"] as const)("the cash-on-delivery fee (%s)", (lang) => {
  it("is its own line of the totals, counted in the total, and kept on the order", async () => {
    const context = await browser.newContext({ baseURL: server!.base, viewport: { width: 1280, height: 900 } });
    await context.addCookies([{ name: "lang", value: lang, domain: "127.0.0.1", path: "/" }]);
    const page = await context.newPage();
    const errors = failOnConsoleErrors(page);
    await page.goto(`/product/${product._id}`);
    await page.waitForSelector("html[data-hydrated]", { state: "attached" });
    await addToCart(page, { size: "M", cartCount: 1 });

    await page.goto("/checkout?guest=1");
    await page.waitForSelector("html[data-hydrated]", { state: "attached" });
    await page.getByTestId("checkout-continue").click();
    const phone = `012${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;
    await fillShippingAddress(page, alexandriaAddress(`fee-${phone}@e2e.test`, phone), "Alexandria");
    await page.getByTestId("checkout-continue").click();
    await page.locator("input[value='Cash on Delivery']").check();
    await page.getByTestId("checkout-continue").click();

    // The last step: the fee's line, in the page's language, and a total that counts it.
    const fee = page.getByTestId("cod-fee").first();
    await fee.waitFor();
    expect(piastresIn(await fee.innerText())).toBe(FEE_EGP * 100);
    const feeRow = page.getByTestId("checkout-totals").first().locator("div", { has: fee });
    expect(await feeRow.locator("dt").innerText()).toBe(translate(lang, "customers.codFee"));
    const shipping = piastresIn(await page.getByTestId("shipping-amount").first().innerText());
    const total = piastresIn(await page.getByTestId("checkout-total").first().innerText());
    expect(total).toBe(product.totalPrice * 100 + shipping + FEE_EGP * 100);
    expect(await accessibilityViolations(page, "#main")).toEqual([]);

    await page.getByTestId("place-order").click();
    await page.waitForURL(/\/orders\?on=ORD-\d{13}$/);
    const orderNumber = new URL(page.url()).searchParams.get("on")!;
    const { order } = await call<{ order: { orderSummary: { codFee: number; total: number } } }>("/order/id", {
      body: { orderNumber },
      base: server!.base,
    });
    expect(order.orderSummary).toMatchObject({ codFee: FEE_EGP, total: total / 100 });
    expect(errors).toEqual([]);
    await context.close();
  });
});
