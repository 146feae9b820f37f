/**
 * Stock per size and colour in the browser (issue 15), in English and Arabic: a sold-out pair is
 * marked and cannot be added, a pair in stock is added and the cart shows it, and a staff member
 * edits the stock grid with the keyboard.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { translate } from "@core/i18n";
import { baseUrl, failOnConsoleErrors, launchBrowser, newContext } from "./support/browser";
import { adminToken, call, createProduct } from "./support/shop-data";

let browser: Browser;
let token: string;

beforeAll(async () => {
  browser = await launchBrowser();
  token = await adminToken();
});
afterAll(async () => {
  await browser?.close();
});

const BLACK = "#000000";
const WHITE = "#ffffff";

const pairs = () => ({
  sizes: ["S", "M"],
  colors: [BLACK, WHITE],
  stock: undefined,
  variants: [
    { size: "S", color: BLACK, stock: 0 },
    { size: "M", color: BLACK, stock: 2 },
    { size: "S", color: WHITE, stock: 4 },
    { size: "M", color: WHITE, stock: 0 },
  ],
});

describe.each(["en", "ar"] as const)("stock per size and color, in %s", (lang) => {
  it("marks a sold-out size in the chosen color, refuses it, and adds a pair in stock to the cart", async () => {
    const product = await createProduct(token, `VAR${lang}`, pairs());
    const context = await newContext(browser, { lang });
    const page = await context.newPage();
    const errors = failOnConsoleErrors(page);
    await page.goto(`/product/${product._id}`);
    await page.waitForLoadState("networkidle");

    await page.getByTestId("color-swatches").locator(`input[value="${BLACK}"]`).check({ force: true });
    // S has nothing in black: struck through and named so for screen readers.
    const small = page.getByTestId("size-picker").locator('input[value="S"]');
    expect(await small.getAttribute("aria-label")).toBe(translate(lang, "variants.sizeSoldOut", { size: "S" }));
    expect(await page.getByTestId("size-picker").locator("[data-sold-out]").count()).toBe(1);
    await small.check({ force: true });
    const pair = `S${translate(lang, "variants.pairSeparator")}${translate(lang, "catalog.color.black")}`;
    await expect
      .poll(() => page.getByTestId("stock").innerText())
      .toContain(translate(lang, "variants.pairSoldOut", { pair }));
    expect(await page.getByTestId("add-to-cart").isDisabled()).toBe(true);
    // The sold-out pair of a product otherwise in stock offers the back-in-stock alert (issue 15 part 5).
    await page.getByTestId("back-in-stock").waitFor();

    // M in black has 2: the stock line speaks of the pair and the add goes through.
    await page.getByTestId("size-picker").locator('input[value="M"]').check({ force: true });
    const mPair = `M${translate(lang, "variants.pairSeparator")}${translate(lang, "catalog.color.black")}`;
    await expect
      .poll(() => page.getByTestId("stock").innerText())
      .toContain(translate(lang, "variants.pairInStock", { pair: mPair }));
    expect(await page.getByTestId("stock").innerText()).toContain(translate(lang, "catalog.onlyLeft", { n: 2 }));
    await page.getByTestId("add-to-cart").click();
    await page.locator("[data-sonner-toast]").first().waitFor();

    await page.goto("/cart");
    const line = page.getByTestId("cart-line");
    await line.first().waitFor();
    expect(await line.count()).toBe(1);
    expect(await line.first().getAttribute("data-size")).toBe("M");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("lets staff edit the stock grid with the keyboard and save it", async () => {
    const product = await createProduct(token, `GRID${lang}`, pairs());
    const context = await newContext(browser, { lang });
    await context.addCookies([
      { name: "access_token", value: token, url: baseUrl(), httpOnly: true, sameSite: "Strict" },
    ]);
    const page = await context.newPage();
    await page.goto(`/moderator/edit-product/${product._id}`);
    await page.waitForLoadState("networkidle");
    const grid = page.getByTestId("stock-grid");
    await expect.poll(() => grid.getByTestId(`stock-M-${BLACK}`).inputValue()).toBe("2");
    expect(await page.getByTestId("stock-total").innerText()).toBe(translate(lang, "variants.total", { n: 6 }));

    // From M in black, up to S in black, then across to S in white (arrow keys follow the reading direction).
    await grid.getByTestId(`stock-M-${BLACK}`).focus();
    await page.keyboard.press("ArrowUp");
    await page.keyboard.type("5");
    await page.keyboard.press(lang === "ar" ? "ArrowLeft" : "ArrowRight");
    await page.keyboard.type("1");
    expect(await grid.getByTestId(`stock-S-${BLACK}`).inputValue()).toBe("5");
    expect(await grid.getByTestId(`stock-S-${WHITE}`).inputValue()).toBe("1");
    expect(await page.getByTestId("stock-total").innerText()).toBe(translate(lang, "variants.total", { n: 8 }));

    await page.getByTestId("product-submit").click();
    await page
      .locator("[data-sonner-toast]", { hasText: translate(lang, "catalogAdmin.productUpdated") })
      .first()
      .waitFor();
    const saved = await call<{ stock: number; variants: { size: string; color: string; stock: number }[] }>(
      `/products/${product._id}`,
      { token },
    );
    expect(saved.stock).toBe(8);
    expect(saved.variants.map((v) => [v.size, v.color, v.stock])).toEqual([
      ["S", BLACK, 5],
      ["S", WHITE, 1],
      ["M", BLACK, 2],
      ["M", WHITE, 0],
    ]);
    await context.close();
  });
});
