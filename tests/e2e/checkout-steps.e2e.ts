/**
 * Issue 12: moving between the checkout's steps. Continue on Review Order opens the address step
 * clean (no field flagged, no toast) by mouse, Enter or Space, for a guest and a signed-in
 * customer, in English and Arabic; focus lands on the visible step heading; the governorate is asked.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import type { ProductDTO } from "@server/modules/catalog/product-dto";
import { translate } from "@core/i18n";
import { admin, failOnConsoleErrors, launchBrowser, newContext } from "./support/browser";
import { adminToken, createProduct } from "./support/shop-data";

type Lang = "en" | "ar";
let browser: Browser;
let product: ProductDTO;

beforeAll(async () => {
  browser = await launchBrowser();
  product = await createProduct(await adminToken(), "STEP");
});
afterAll(() => browser?.close());

async function addOne(page: Page) {
  await page.goto(`/product/${product._id}`);
  await page.getByTestId("add-to-cart").waitFor();
  await page.getByTestId("size-picker").getByText("S", { exact: true }).click();
  await page.getByTestId("color-swatches").locator("label").first().click();
  await page.getByTestId("add-to-cart").click();
  await page.getByTestId("cart-count").filter({ hasText: "1" }).waitFor();
}

async function signIn(context: BrowserContext) {
  const { email, password } = admin();
  const res = await context.request.post("/api/login", { data: { email, password } });
  expect(res.ok()).toBe(true);
  // The account's server cart starts empty for each test, whatever ran before.
  expect((await context.request.delete("/api/cart/clear")).ok()).toBe(true);
}

async function pressContinue(page: Page, how: "mouse" | "Enter" | "Space") {
  const button = page.getByTestId("checkout-continue");
  if (how === "mouse") await button.click();
  else {
    await button.focus();
    await page.keyboard.press(how);
  }
}

describe.each(["en", "ar"] as const)("the checkout's steps in %s", (lang: Lang) => {
  for (const who of ["guest", "customer"] as const) {
    for (const how of ["mouse", "Enter", "Space"] as const) {
      it(`opens the address step with no field flagged after Continue by ${how} (${who})`, async () => {
        const context = await newContext(browser, { lang });
        if (who === "customer") await signIn(context);
        const page = await context.newPage();
        const errors = failOnConsoleErrors(page);
        await addOne(page);
        await page.goto(who === "guest" ? "/checkout?guest=1" : "/checkout");
        await page.getByTestId("checkout-line").first().waitFor();
        await pressContinue(page, how);
        await page.locator("[name=street]").waitFor();
        // Give a wrongly submitted form its chance to show up.
        await page.waitForTimeout(400);
        expect(await page.locator("[aria-invalid=true]").count()).toBe(0);
        expect(
          await page.locator("[data-sonner-toast]", { hasText: translate(lang, "ordersApi.fillRequired") }).count(),
        ).toBe(0);
        // Focus sits on the step's visible heading, not on a hidden one.
        const focused = await page.evaluate(() => {
          const el = document.activeElement as HTMLElement | null;
          if (!el || el === document.body) return null;
          const r = el.getBoundingClientRect();
          return {
            tag: el.tagName,
            text: el.textContent,
            visible: r.width > 2 && r.height > 2 && getComputedStyle(el).clip !== "rect(0px, 0px, 0px, 0px)",
          };
        });
        expect(focused?.visible).toBe(true);
        expect(focused?.text).toContain(translate(lang, "checkout.step.address"));
        // The governorate is asked for, from the shipping list, and the city is the shopper's own words.
        expect(await page.locator("select[name=state]").count()).toBe(1);
        expect(await page.locator("input[name=city]").count()).toBe(1);
        // Continue again with nothing typed does flag the empty fields.
        await pressContinue(page, how);
        await page
          .locator("[data-sonner-toast]", { hasText: translate(lang, "ordersApi.fillRequired") })
          .first()
          .waitFor();
        expect(await page.locator("[aria-invalid=true]").count()).toBeGreaterThan(0);
        expect(errors).toEqual([]);
        await context.close();
      });
    }
  }
});
