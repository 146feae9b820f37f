/**
 * The first screen's fonts (scripts/subset-fonts.sh): the demo shop's pages are drawn with the cut
 * files they preload, never a package's whole face. On a server of its own: the shared server
 * carries the other journeys' products, and any letter outside the cut (which a shop owner may
 * well write) rightly fetches the whole face. tests/unit/font-cuts.test.ts holds the dictionaries
 * and the demo catalogue to the cut lists; this file proves the browser then fetches only the cuts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chromium, type Browser } from "playwright-core";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { demoShopEnv, startBuiltServer } from "../../scripts/built-server.mjs";
import { covers, cutsByFamily } from "../../scripts/package-font-faces.mjs";
import { CHROMIUM } from "./support/browser";

const ADMIN = { email: "admin@font-cuts.test", password: "Font-cuts-pass-1" };
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-font-cuts-"));

/** The cut files' letters (app/app.css), Latin and Arabic together. */
const cutRanges = [...cutsByFamily(fs.readFileSync("app/app.css", "utf8")).values()].flat();

let server: Awaited<ReturnType<typeof startBuiltServer>> | undefined;
let browser: Browser;

beforeAll(async () => {
  server = await startBuiltServer({ env: demoShopEnv(dataDir, ADMIN), stdio: "ignore", timeoutMs: 90_000 });
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox", "--disable-gpu"] });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("the first screen's fonts (scripts/subset-fonts.sh)", () => {
  for (const lang of ["en", "ar"] as const) {
    it(`draws the demo shop's ${lang} pages with the cut files the page preloads, never a whole package face`, async () => {
      const base = server!.base;
      const context = await browser.newContext({
        baseURL: base,
        viewport: { width: 390, height: 844 },
        locale: lang === "ar" ? "ar-EG" : "en-GB",
      });
      await context.addCookies([{ name: "lang", value: lang, domain: new URL(base).hostname, path: "/" }]);
      const page = await context.newPage();
      // Each font file by its name, without the build's hash.
      const fileName = (url: string) => new URL(url).pathname.replace(/-[\w-]{8}\.woff2$/, ".woff2");
      const fonts: string[] = [];
      page.on("request", (r) => {
        if (r.resourceType() === "font") fonts.push(fileName(r.url()));
      });
      // The cut files arrive late, as on a slow phone: the page is laid out before they load, and
      // still no whole face is fetched for the letters they hold (decision 367).
      await page.route(/-core-wght-[\w-]{8}\.woff2$/, async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        await route.continue();
      });
      const product = (await (await fetch(`${base}/api/products?limit=1`)).json()).products[0]._id;
      const searchWord = lang === "ar" ? "فستان" : "dress";
      for (const path of ["/", "/shop", `/shop?search=${encodeURIComponent(searchWord)}`, `/product/${product}`]) {
        await page.goto(path);
        await page.waitForFunction(() => document.documentElement.dataset.hydrated !== undefined);
        await page.evaluate(() => document.fonts.ready);
        const preloaded = (
          await page.$$eval('link[rel="preload"][as="font"]', (links) => links.map((l) => (l as HTMLLinkElement).href))
        ).map(fileName);
        expect(preloaded.length, path).toBeGreaterThan(0);
        for (const file of preloaded) expect(fonts, `${path} uses its preloaded ${file}`).toContain(file);
        const drawnWith = await page.evaluate(() =>
          [...document.fonts].filter((f) => f.status === "loaded").map((f) => f.family.replace(/"/g, "")),
        );
        expect(drawnWith, path).toContain(lang === "en" ? "Inter Variable" : "Noto Kufi Arabic Variable");
        // What the page draws outside the cut lists, named in the failure (the face is fetched for one of them).
        const text = await page.evaluate(() =>
          [
            document.body.innerText,
            ...[...document.querySelectorAll("input, textarea")].map(
              (f) => `${(f as HTMLInputElement).placeholder} ${(f as HTMLInputElement).value}`,
            ),
          ].join(" "),
        );
        const uncut = [...new Set([...text].filter((ch) => !covers(cutRanges, ch)))].map(
          (ch) => `U+${ch.codePointAt(0)!.toString(16).toUpperCase()}`,
        );
        expect(
          new Set(fonts),
          `the fonts fetched by ${path} and the pages before it (drawn outside the cuts: ${uncut.join(" ") || "none"})`,
        ).toEqual(
          new Set(
            lang === "en"
              ? ["/assets/inter-core-wght.woff2"]
              : ["/assets/noto-kufi-arabic-core-wght.woff2", "/assets/noto-kufi-arabic-latin-core-wght.woff2"],
          ),
        );
      }
      await context.close();
    });
  }
});
