/**
 * How pages load: scripts start only after the first paint (decision 082) and the page still
 * hydrates; and the built server under a burst of page requests: pages render a few at a time
 * (render-gate.ts), visitors who leave mid-queue or mid-page give their turn back, and everyone is
 * answered.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import http from "node:http";
import type { Browser } from "playwright-core";
import { baseUrl, failOnConsoleErrors, launchBrowser, newContext } from "./support/browser";

describe("scripts after the first paint", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const lang of ["en", "ar"] as const) {
    it(`asks for no script before the ${lang} home page is painted, then hydrates it`, async () => {
      const context = await newContext(browser, { lang, width: 390 });
      const page = await context.newPage();
      const errors = failOnConsoleErrors(page);
      await page.goto("/");
      // The router's route modules exist once the deferred module has run.
      await page.waitForFunction(() => "__reactRouterRouteModules" in window);
      const timing = await page.evaluate(() => ({
        paint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null,
        scripts: performance
          .getEntriesByType("resource")
          .filter((r) => r.name.endsWith(".js"))
          .map((r) => r.startTime),
      }));
      expect(timing.paint).not.toBeNull();
      expect(timing.scripts.length).toBeGreaterThan(3);
      expect(Math.min(...timing.scripts)).toBeGreaterThanOrEqual(timing.paint!);
      // Hydrated: a link is followed by the router, without reloading the page.
      await page.evaluate(() => Object.assign(window, { samePage: true }));
      await page.locator("main a[href^='/shop']:visible").first().click();
      await page.waitForURL(/\/shop/);
      await page.locator("main").getByRole("heading").first().waitFor();
      expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});

/** Starts a page request and drops the connection before the answer comes. */
function abandon(path: string): Promise<void> {
  return new Promise((resolve) => {
    const req = http.get(baseUrl() + path);
    req.on("error", () => resolve());
    setTimeout(() => {
      req.destroy();
      resolve();
    }, 5);
  });
}

describe("pages under a burst", () => {
  it("answers 40 pages at once, after 40 visitors left mid-request, with nothing lost", async () => {
    await Promise.all(Array.from({ length: 40 }, (_, i) => abandon(i % 2 ? "/" : "/shop")));
    const started = Date.now();
    const answers = await Promise.all(
      Array.from({ length: 40 }, async (_, i) => {
        const res = await fetch(baseUrl() + (i % 2 ? "/" : "/shop?sortBy=asc"));
        return { status: res.status, html: await res.text() };
      }),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(40).fill(200));
    expect(answers.every((a) => a.html.includes("</html>"))).toBe(true);
    expect(Date.now() - started).toBeLessThan(30_000);
    // And the gate is free again: a single page comes back at once.
    const one = Date.now();
    expect((await fetch(`${baseUrl()}/shop`)).status).toBe(200);
    expect(Date.now() - one).toBeLessThan(5_000);
  });
});
