/**
 * Issue 12: axe in both languages AND both themes on the main pages, and a contrast check of our
 * own that reads Arabic too (axe judged 12 elements on the Arabic home page against 114 on the
 * English): every visible text's colour against its effective background, 4.5:1 (3:1 when large).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import type { ProductDTO } from "@server/modules/catalog/product-dto";
import { accessibilityViolations, baseUrl, launchBrowser, newContext, signedInContext } from "./support/browser";
import { adminToken, createProduct } from "./support/shop-data";

let browser: Browser;
let product: ProductDTO;
beforeAll(async () => {
  browser = await launchBrowser();
  product = await createProduct(await adminToken(), "CONTRAST");
});
afterAll(() => browser?.close());

/** Text whose contrast is under the WCAG 1.4.3 minimum, judged in the page. */
function lowContrastText(page: Page) {
  return page.evaluate(() => {
    type RGBA = [number, number, number, number];
    const canvas = document.createElement("canvas");
    canvas.width = canvas.height = 1;
    const probe = canvas.getContext("2d", { willReadFrequently: true })!;
    const cache = new Map<string, RGBA>();
    const parse = (css: string): RGBA => {
      // Any CSS colour (oklch, color-mix…) painted on one sRGB pixel and read back.
      let c = cache.get(css);
      if (!c) {
        probe.clearRect(0, 0, 1, 1);
        probe.fillStyle = css;
        probe.fillRect(0, 0, 1, 1);
        const d = probe.getImageData(0, 0, 1, 1).data;
        c = [d[0]!, d[1]!, d[2]!, d[3]! / 255];
        cache.set(css, c);
      }
      return c;
    };
    const over = (top: RGBA, under: RGBA): RGBA => {
      const a = top[3] + under[3] * (1 - top[3]);
      if (a === 0) return [0, 0, 0, 0];
      return [0, 1, 2].map((i) => (top[i]! * top[3] + under[i]! * under[3] * (1 - top[3])) / a).concat(a) as RGBA;
    };
    const lum = (c: RGBA) => {
      const [r, g, b] = [c[0], c[1], c[2]].map((v) => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    /** The colours behind an element, nearest first, or null when an image or gradient is among them. */
    const background = (el: Element): RGBA | null => {
      const layers: RGBA[] = [];
      for (let e: Element | null = el; e; e = e.parentElement) {
        const s = getComputedStyle(e);
        if (s.backgroundImage !== "none") return null;
        const c = parse(s.backgroundColor);
        if (c[3] > 0) layers.push(c);
        if (c[3] >= 1) break;
      }
      let bg: RGBA = [255, 255, 255, 1];
      for (const layer of layers.reverse()) bg = over(layer, bg);
      return bg;
    };
    const problems: string[] = [];
    let judged = 0;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const seen = new Set<Element>();
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement;
      if (!el || seen.has(el) || !n.textContent?.trim()) continue;
      seen.add(el);
      if (el.closest("script, style, noscript, [data-sonner-toaster], svg, option, select")) continue;
      const r = el.getBoundingClientRect();
      if (r.width < 2 || r.height < 2) continue; // sr-only text
      const s = getComputedStyle(el);
      if (s.visibility !== "visible") continue;
      if ((el as HTMLButtonElement).disabled || el.closest("[disabled], [aria-disabled=true], [inert]")) continue; // WCAG exempts inactive controls
      let opacity = 1;
      for (let e: Element | null = el; e; e = e.parentElement) opacity *= Number(getComputedStyle(e).opacity);
      if (opacity === 0) continue;
      const bg = background(el);
      if (!bg) continue;
      const fgRaw = parse(s.color);
      const fg = over([fgRaw[0], fgRaw[1], fgRaw[2], fgRaw[3] * opacity], bg);
      const [hi, lo] = [lum(fg), lum(bg)].sort((a, b) => b - a);
      const ratio = (hi! + 0.05) / (lo! + 0.05);
      const size = parseFloat(s.fontSize);
      const large = size >= 24 || (size >= 18.66 && Number(s.fontWeight) >= 700);
      judged++;
      if (ratio < (large ? 3 : 4.5))
        problems.push(
          `${ratio.toFixed(2)}:1 "${n.textContent.trim().slice(0, 30)}" (${el.tagName.toLowerCase()}.${String(el.className).slice(0, 50)})`,
        );
    }
    return { judged, problems };
  });
}

/** Staff pages with charts (their legends' text once took the series' colour) and the newest screens. */
const STAFF_PAGES = [
  "/moderator/dashboard",
  "/admin/dashboard",
  "/moderator/orders",
  "/moderator/customer-blocks",
  "/moderator/returns",
];

const PAGES = () => [
  "/",
  "/shop",
  `/product/${product._id}`,
  "/cart",
  "/checkout?guest=1",
  "/auth",
  "/orders",
  "/contact",
];

/** A still page (no rotating headline or slide mid-fade while measured) in the given theme. */
async function themedPage(context: BrowserContext, theme: "light" | "dark") {
  await context.addCookies([{ name: "theme", value: theme, domain: new URL(baseUrl()).hostname, path: "/" }]);
  const page = await context.newPage();
  await page.emulateMedia({ reducedMotion: "reduce" });
  return page;
}

/** Visits each path and collects what axe and the contrast check find there, by path. */
async function findingsOn(page: Page, paths: string[], theme: "light" | "dark") {
  const found: Record<string, unknown> = {};
  for (const path of paths) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(theme === "dark");
    const axe = await accessibilityViolations(page);
    const own = await lowContrastText(page);
    expect(own.judged, `${path} judged`).toBeGreaterThan(10);
    if (axe.length || own.problems.length) found[path] = { axe, contrast: own.problems.slice(0, 8) };
  }
  return found;
}

describe.each(["en", "ar"] as const)("contrast and axe in %s", (lang) => {
  for (const theme of ["light", "dark"] as const) {
    it(`passes axe and a contrast check of every visible text on the main pages, ${theme} theme`, async () => {
      const context = await newContext(browser, { lang });
      const page = await themedPage(context, theme);
      const found = await findingsOn(page, PAGES(), theme);
      // Error messages too: the contact form sent empty.
      await page.goto("/contact");
      await page.getByTestId("contact-form").locator("button[type=submit]").click();
      await page.locator("[role=alert]").first().waitFor();
      const errors = await lowContrastText(page);
      if (errors.problems.length) found["/contact (errors)"] = errors.problems.slice(0, 8);
      expect(found).toEqual({});
      await context.close();
    });
  }

  for (const theme of ["light", "dark"] as const) {
    it(`passes axe and the contrast check on the staff pages, ${theme} theme`, async () => {
      const context = await signedInContext(browser, await adminToken(), { lang });
      const page = await themedPage(context, theme);
      expect(await findingsOn(page, STAFF_PAGES, theme)).toEqual({});
      await context.close();
    });
  }
});
