/**
 * Issue 12, WCAG 1.4.10 (reflow): no page scrolls sideways at 320, 360 or 390 px in English or
 * Arabic, the menu button stays whole (at least 24 px, inside the viewport), 'Sign In' stays on
 * one line, and the hero's button leaves the slide dots free.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import type { ProductDTO } from "@server/modules/catalog/product-dto";
import { launchBrowser, newContext, signedInContext } from "./support/browser";
import { adminToken, call, createProduct } from "./support/shop-data";

let browser: Browser;
let product: ProductDTO;

beforeAll(async () => {
  browser = await launchBrowser();
  // A long unbroken name and code, as real shops have: they must wrap, not widen the page.
  product = await createProduct(await adminToken(), "NARROWSCREENLONGSTYLE");
});
afterAll(() => browser?.close());

const PAGES = () => [
  "/",
  "/shop",
  `/product/${product._id}`,
  "/cart",
  "/checkout?guest=1",
  "/auth",
  "/orders",
  "/contact",
  "/about",
  "/wishlist",
];

/** The page's overflow, and the elements that stick out past either edge (for the failure message). */
async function sideways(page: Page) {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const out: string[] = [];
    for (const el of Array.from(document.querySelectorAll<HTMLElement>("body *"))) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      if (r.right > width + 0.5 || r.left < -0.5) {
        // Only report elements whose parent fits, so the message names the culprit.
        const p = el.parentElement!.getBoundingClientRect();
        if (p.right <= width + 0.5 && p.left >= -0.5)
          out.push(
            `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 60)} [${Math.round(r.left)}..${Math.round(r.right)}]`,
          );
      }
    }
    return { scrollWidth: document.documentElement.scrollWidth, innerWidth: width, culprits: out.slice(0, 5) };
  });
}

describe.each(["en", "ar"] as const)("narrow screens in %s", (lang) => {
  for (const width of [320, 360, 390]) {
    it(`fits every main page at ${width} px without scrolling sideways, menu button whole`, async () => {
      const context = await newContext(browser, { lang, width });
      const page = await context.newPage();
      const problems: string[] = [];
      for (const path of PAGES()) {
        await page.goto(path);
        await page.waitForLoadState("networkidle");
        const s = await sideways(page);
        if (s.scrollWidth > s.innerWidth)
          problems.push(`${path}: scrollWidth ${s.scrollWidth} > ${s.innerWidth} ${s.culprits.join(" | ")}`);
        const menu = await page.getByTestId("menu-button").boundingBox();
        if (!menu || menu.width < 24 || menu.height < 24 || menu.x < 0 || menu.x + menu.width > width) {
          problems.push(`${path}: menu button ${JSON.stringify(menu)}`);
        }
      }
      expect(problems).toEqual([]);
      await context.close();
    });
  }

  it("keeps 'Sign In' on one line at 390 px and the hero's button off the slide dots", async () => {
    const context = await newContext(browser, { lang, width: 390 });
    const page = await context.newPage();
    await page.goto("/");
    const lines = await page.getByTestId("sign-in-link").evaluate((a) => {
      const range = document.createRange();
      range.selectNodeContents(a.querySelector("span") ?? a);
      return new Set(
        Array.from(range.getClientRects())
          .filter((r) => r.width > 0)
          .map((r) => Math.round(r.top)),
      ).size;
    });
    expect(lines).toBeLessThanOrEqual(1);
    // The demo shop has several slides, so the dots are there.
    await page.getByTestId("hero-dots").waitFor();
    {
      const overlap = await page.evaluate(() => {
        const dotsBox = document.querySelector("[data-testid=hero-dots]")!.getBoundingClientRect();
        return Array.from(document.querySelectorAll("[data-testid=hero] a, [data-testid=hero] button"))
          .filter((b) => !b.closest("[data-testid=hero-dots]"))
          .map((b) => b.getBoundingClientRect())
          .filter(
            (r) =>
              r.width > 0 &&
              r.left < dotsBox.right &&
              r.right > dotsBox.left &&
              r.top < dotsBox.bottom &&
              r.bottom > dotsBox.top,
          ).length;
      });
      expect(overlap).toBe(0);
    }
    await context.close();
  });
});

/** The back office on a moderator's phone: tables may scroll inside their own box, the page may not. */
const STAFF_PAGES = () => [
  "/moderator/dashboard",
  "/moderator/orders",
  "/moderator/add-product",
  `/moderator/edit-product/${product._id}`,
  "/moderator/discounts",
  "/moderator/promocodes",
  "/moderator/headlines",
  "/moderator/promos",
  "/moderator/shipping-management",
  "/moderator/size-guides",
  "/moderator/restock-alerts",
  "/admin/dashboard",
  "/admin/accounts",
  "/admin/pending-products",
  "/admin/products",
];

describe.each(["en", "ar"] as const)("staff screens at 360 px in %s", (lang) => {
  it("fits every staff page without scrolling sideways", async () => {
    const token = await adminToken();
    // Lists with rows, not only their empty states: a promo code's table once widened its page.
    const code = `NARROW${lang}${Date.now().toString(36)}`.toUpperCase().slice(0, 20);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    await call("/promocodes", { token, body: { code, discountValue: 10, usageLimit: 5, expDate: tomorrow } });
    const context = await signedInContext(browser, token, { lang, width: 360 });
    const page = await context.newPage();
    const problems: string[] = [];
    for (const path of STAFF_PAGES()) {
      await page.goto(path);
      await page.waitForLoadState("networkidle");
      const s = await sideways(page);
      if (s.scrollWidth > s.innerWidth)
        problems.push(`${path}: scrollWidth ${s.scrollWidth} > ${s.innerWidth} ${s.culprits.join(" | ")}`);
    }
    expect(problems).toEqual([]);
    await context.close();
  });
});

/** The words of each dashboard figure that the browser broke across two lines (none should be). */
async function wordsBrokenInFigures(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const broken: string[] = [];
    for (const figure of Array.from(document.querySelectorAll("[data-testid^='figure-'] bdi"))) {
      const walker = document.createTreeWalker(figure, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? "";
        for (const match of text.matchAll(/[^\s]+/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const lines = new Set(Array.from(range.getClientRects()).map((rect) => Math.round(rect.bottom)));
          if (lines.size > 1) broken.push(match[0]);
        }
      }
    }
    return broken;
  });
}

describe.each(["en", "ar"] as const)("dashboard figures in %s", (lang) => {
  it("never break inside a number, from a phone to a wide screen", async () => {
    // "EGP 1,379,24 / 1.50" on 7 Dec: the figure could wrap anywhere, and did at every width.
    const token = await adminToken();
    const problems: string[] = [];
    for (const width of [360, 768, 1280, 1920]) {
      const context = await signedInContext(browser, token, { lang, width });
      const page = await context.newPage();
      for (const path of ["/moderator/dashboard", "/admin/dashboard"]) {
        await page.goto(path);
        await page.waitForLoadState("networkidle");
        expect(await page.locator("[data-testid^='figure-']").count(), path).toBeGreaterThan(0);
        for (const word of await wordsBrokenInFigures(page)) problems.push(`${width} px ${path}: ${word}`);
      }
      await context.close();
    }
    expect(problems).toEqual([]);
  });
});
