/**
 * The shop's filter form and the top search box with JavaScript disabled (docs/decisions/161): both
 * are plain GET forms to /shop whose fields the one shop query reads (docs/decisions/160), so they
 * work before the scripts arrive. Filters by category and a reversed decimal price range, then
 * searches. The products carry a token of this run, so nothing else on the server shows up.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { launchBrowser, noScriptContext } from "./support/browser";
import { adminToken, createProduct } from "./support/shop-data";

let browser: Browser;
let context: BrowserContext;
let page: Page;
const TOKEN = `nojs${Date.now().toString(36)}`;

beforeAll(async () => {
  const token = await adminToken();
  for (const [label, category, price] of [
    ["Budget", "dresses", 249.5],
    ["Evening", "dresses", 3000],
    ["Gala", "dresses", 5000],
    ["Linen", "tops", 300],
  ] as const) {
    await createProduct(token, TOKEN, { name: `${label} ${category} ${TOKEN}`, category, price });
  }
  browser = await launchBrowser();
  context = await noScriptContext(browser);
  page = await context.newPage();
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

const shownNames = async () => (await page.getByTestId("product-name").allInnerTexts()).map((n) => n.trim()).sort();

describe("the shop without JavaScript", () => {
  it("filters by category and price through the filter form", async () => {
    await page.goto(`/shop?search=${TOKEN}`);
    expect(await page.getByTestId("product-card").count()).toBe(4);

    const panel = page.getByTestId("filter-sidebar");
    await panel.getByTestId("filter-category").selectOption("dresses");
    // Reversed and with piastres: read as 249.50 to 4000 (docs/decisions/160).
    await panel.getByTestId("filter-price-min").fill("4000");
    await panel.getByTestId("filter-price-max").fill("249.50");
    await Promise.all([page.waitForURL(/category=dresses/), panel.getByTestId("filter-apply").click()]);

    const url = new URL(page.url());
    expect(url.pathname).toBe("/shop");
    expect(url.searchParams.get("search")).toBe(TOKEN);
    expect(await shownNames()).toEqual([`Budget dresses ${TOKEN}`, `Evening dresses ${TOKEN}`]);
    // The form shows what is applied: the range the right way round.
    expect(await panel.getByTestId("filter-price-min").inputValue()).toBe("249.5");
    expect(await panel.getByTestId("filter-price-max").inputValue()).toBe("4000");
  });

  it("searches from the top bar's search box", async () => {
    await page.goto("/");
    const box = page.locator("[data-testid=search-input]:visible").first();
    await box.fill(`Gala dresses ${TOKEN}`);
    await Promise.all([page.waitForURL(/\/shop\?search=/), box.press("Enter")]);
    expect(new URL(page.url()).searchParams.get("search")).toBe(`Gala dresses ${TOKEN}`);
    expect(await shownNames()).toEqual([`Gala dresses ${TOKEN}`]);
  });
});
