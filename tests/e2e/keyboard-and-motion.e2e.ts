/**
 * Issue 12 keyboard journeys and motion (WCAG 2.1.2, 2.4.3, 2.4.7, 2.2.2), English and Arabic: the
 * mobile drawer keeps focus, dialogs hand focus back to their opener, the menu button says whether
 * it is open, card focus rings are whole in the home rows, 'Added to cart' leads on to the cart,
 * and the hero and the headline bar can be paused (and stay still for reduced motion).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import type { ProductDTO } from "@server/modules/catalog/product-dto";
import { translate } from "@core/i18n";
import { launchBrowser, newContext } from "./support/browser";
import { adminToken, createProduct } from "./support/shop-data";

let browser: Browser;
let product: ProductDTO;
beforeAll(async () => {
  browser = await launchBrowser();
  product = await createProduct(await adminToken(), "KEYS");
});
afterAll(() => browser?.close());

const focusedTestId = (page: Page) =>
  page.evaluate(() => document.activeElement?.getAttribute("data-testid") ?? document.activeElement?.tagName ?? null);

describe.each(["en", "ar"] as const)("keyboard journeys in %s", (lang) => {
  const tr = (key: string) => translate(lang, key);

  it("keeps Tab inside the open mobile menu, closes it on Escape and returns focus to the menu button", async () => {
    const context = await newContext(browser, { lang, width: 390 });
    const page = await context.newPage();
    await page.goto("/");
    const button = page.getByTestId("menu-button");
    expect(await button.getAttribute("aria-expanded")).toBe("false");
    await button.focus();
    await page.keyboard.press("Enter");
    const drawer = page.getByTestId("mobile-sidebar");
    await drawer.waitFor();
    expect(await button.getAttribute("aria-expanded")).toBe("true");
    for (let i = 0; i < 25; i++) {
      await page.keyboard.press(i % 5 === 4 ? "Shift+Tab" : "Tab");
      expect(
        await page.evaluate(() => !!document.activeElement?.closest("[data-testid=mobile-sidebar]")),
        `Tab ${i}`,
      ).toBe(true);
    }
    await page.keyboard.press("Escape");
    await expect.poll(() => drawer.count()).toBe(0);
    expect(await focusedTestId(page)).toBe("menu-button");
    await context.close();
  });

  it("says whether the desktop menu is open, in its name and aria-expanded", async () => {
    const context = await newContext(browser, { lang });
    const page = await context.newPage();
    await page.goto("/");
    const button = page.getByTestId("menu-button");
    expect(await button.getAttribute("aria-expanded")).toBe("false");
    expect(await button.getAttribute("aria-label")).toBe(tr("common.openMenu"));
    await button.click();
    await expect.poll(() => button.getAttribute("aria-expanded")).toBe("true");
    expect(await button.getAttribute("aria-label")).toBe(tr("common.closeMenu"));
    await button.click();
    await context.close();
  });

  it("returns focus to the quick view button when the quick view closes", async () => {
    const context = await newContext(browser, { lang });
    const page = await context.newPage();
    await page.goto(`/shop?search=${encodeURIComponent(product.code)}`);
    const opener = page.getByTestId("quick-view-button").first();
    await opener.focus();
    await page.keyboard.press("Enter");
    await page.getByRole("dialog").waitFor();
    await page.keyboard.press("Escape");
    await expect.poll(() => page.getByRole("dialog").count()).toBe(0);
    await expect.poll(() => focusedTestId(page)).toBe("quick-view-button");
    await context.close();
  });

  it("returns focus to the Filters button when the filter sheet closes", async () => {
    const context = await newContext(browser, { lang, width: 390 });
    const page = await context.newPage();
    await page.goto("/shop");
    const opener = page.getByTestId("open-filters");
    await opener.focus();
    await page.keyboard.press("Enter");
    await page.getByTestId("filter-sheet").waitFor();
    await page.keyboard.press("Escape");
    await expect.poll(() => page.getByTestId("filter-sheet").count()).toBe(0);
    await expect.poll(() => focusedTestId(page)).toBe("open-filters");
    await context.close();
  });

  it("shows a product card's whole focus ring in a home row", async () => {
    const context = await newContext(browser, { lang });
    const page = await context.newPage();
    await page.goto("/");
    const link = page.locator("main ul li article a[href^='/product/']").first();
    await link.waitFor();
    await link.focus();
    const room = await link.evaluate((a) => {
      const r = a.getBoundingClientRect();
      const outline = 2;
      let clip: Element | null = a.parentElement;
      while (clip && !/(auto|hidden|scroll|clip)/.test(getComputedStyle(clip).overflowX)) clip = clip.parentElement;
      const c = clip!.getBoundingClientRect();
      return { top: r.top - outline >= c.top, start: r.left - outline >= c.left, end: r.right + outline <= c.right };
    });
    expect(room).toEqual({ top: true, start: true, end: true });
    await context.close();
  });

  it("offers 'View cart' in the Added to cart toast, by keyboard", async () => {
    const context = await newContext(browser, { lang });
    const page = await context.newPage();
    await page.goto(`/product/${product._id}`);
    await page.getByTestId("size-picker").getByText("S", { exact: true }).click();
    await page.getByTestId("color-swatches").locator("label").first().click();
    await page.getByTestId("add-to-cart").click();
    const action = page.getByTestId("toast-view-cart");
    await action.waitFor();
    expect(await action.innerText()).toBe(tr("cart.viewCart"));
    await action.focus();
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/cart$/);
    await context.close();
  });
});

describe.each(["en", "ar"] as const)("motion in %s", (lang) => {
  const tr = (key: string) => translate(lang, key);

  it("pauses and plays the hero with a visible button, in the page's language", async () => {
    const context = await newContext(browser, { lang, width: 390 });
    const page = await context.newPage();
    await page.goto("/");
    const hero = page.getByTestId("hero");
    expect(await hero.getAttribute("aria-roledescription")).toBe(tr("catalog.carousel"));
    expect(await page.getByTestId("hero-slide").first().getAttribute("aria-roledescription")).toBe(tr("catalog.slide"));
    const pause = page.getByTestId("hero-pause");
    expect(await pause.isVisible()).toBe(true);
    expect(await pause.getAttribute("aria-label")).toBe(tr("catalog.pauseSlides"));
    await pause.click();
    expect(await pause.getAttribute("aria-label")).toBe(tr("catalog.playSlides"));
    await page.mouse.move(0, 800);
    await page.keyboard.press("Tab"); // focus leaves nothing inside paused by focus alone
    expect(await hero.getAttribute("data-paused")).toBe("true");
    await context.close();
  });

  it("keeps the hero still for prefers-reduced-motion", async () => {
    const context = await newContext(browser, { lang });
    const page = await context.newPage();
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto("/");
    await expect.poll(() => page.getByTestId("hero").getAttribute("data-paused")).toBe("true");
    expect(await page.getByTestId("hero-pause").getAttribute("aria-label")).toBe(tr("catalog.playSlides"));
    await context.close();
  });

  it("gives the headline bar a translated name, no live region, and a pause button", async () => {
    const context = await newContext(browser, { lang });
    const page = await context.newPage();
    await page.goto("/");
    const bar = page.getByTestId("headline-bar");
    await bar.waitFor();
    expect(await bar.getAttribute("aria-label")).toBe(tr("common.headlines"));
    expect(
      await page.locator("[data-testid=headline-bar][aria-live], [data-testid=headline-bar] [aria-live]").count(),
    ).toBe(0);
    const pause = page.getByTestId("headline-pause");
    expect(await pause.getAttribute("aria-label")).toBe(tr("common.pauseHeadlines"));
    await pause.click();
    expect(await pause.getAttribute("aria-label")).toBe(tr("common.playHeadlines"));
    const first = await bar.locator("p").innerText();
    await page.mouse.move(0, 800);
    await page.waitForTimeout(4_600);
    expect(await bar.locator("p").innerText()).toBe(first);
    await context.close();
  });
});
