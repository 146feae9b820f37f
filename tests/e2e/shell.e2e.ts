/** The app shell of issue 2: chrome, not-found, sidebar, headers, and a graceful stop. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startBuiltServer } from "../../scripts/built-server.mjs";
import { baseUrl, failOnConsoleErrors, launchBrowser, newContext } from "./support/browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe("app shell", () => {
  it("shows the not-found page with its text, a link home and a 404 status", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const res = await page.goto("/no-such-page");
    expect(res?.status()).toBe(404);
    await expect(page.getByText("We could not find the page you were looking for.").isVisible()).resolves.toBe(true);
    await page.getByRole("link", { name: "Back to home" }).click();
    await page.waitForURL(`${baseUrl()}/`);
    await context.close();
  });

  it("shows the not-found page in Arabic, right to left", async () => {
    const context = await newContext(browser, { lang: "ar" });
    const page = await context.newPage();
    await page.goto("/no-such-page");
    expect(await page.getAttribute("html", "dir")).toBe("rtl");
    expect(await page.getAttribute("html", "lang")).toBe("ar");
    await expect(page.getByText("لم نتمكن من العثور على الصفحة التي تبحث عنها.").isVisible()).resolves.toBe(true);
    await context.close();
  });

  it("toggles the desktop sidebar with Ctrl+B and remembers it in a 7-day cookie", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const errors = failOnConsoleErrors(page);
    await page.goto("/");
    const sidebar = page.getByTestId("desktop-sidebar");
    expect(await sidebar.getAttribute("data-state")).toBe("closed");
    // Closed, it holds nothing: its links are rendered when it opens.
    expect(await sidebar.locator("a").count()).toBe(0);
    await page.keyboard.press("Control+b");
    await expect.poll(() => sidebar.getAttribute("data-state")).toBe("open");
    await sidebar.getByRole("link", { name: "Dresses" }).waitFor();
    const cookie = (await context.cookies()).find((c) => c.name === "sidebar_state");
    expect(cookie?.value).toBe("true");
    expect(cookie!.expires - Date.now() / 1000).toBeGreaterThan(6.9 * 24 * 3600);
    await page.reload();
    expect(await page.getByTestId("desktop-sidebar").getAttribute("data-state")).toBe("open");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("opens the mobile menu as a drawer below 768 px, with the categories", async () => {
    const context = await newContext(browser, { width: 390 });
    const page = await context.newPage();
    await page.goto("/");
    await page.getByTestId("menu-button").click();
    const drawer = page.getByTestId("mobile-sidebar");
    await expect(drawer.getByRole("link", { name: "Dresses" }).isVisible()).resolves.toBe(true);
    await expect(drawer.getByRole("link", { name: "Sign In" }).isVisible()).resolves.toBe(true);
    await page.keyboard.press("Control+b");
    await expect.poll(() => drawer.count()).toBe(0);
    await context.close();
  });

  it("hides staff menus from guests", async () => {
    const context = await newContext(browser, { width: 390 });
    const page = await context.newPage();
    await page.goto("/");
    await page.getByTestId("menu-button").click();
    expect(await page.getByText("Admin Panel").count()).toBe(0);
    expect(await page.getByText("Moderator Panel").count()).toBe(0);
    await context.close();
  });

  it("sends security headers and a content security policy: hashes for a kept guest page, a nonce otherwise", async () => {
    // Kept from its second ask (decision 397), answered from the cache on the third.
    await fetch(`${baseUrl()}/`);
    await fetch(`${baseUrl()}/`);
    const res = await fetch(`${baseUrl()}/`);
    expect(res.headers.get("x-page-cache")).toBe("hit");
    const csp = res.headers.get("content-security-policy") ?? "";
    expect(csp).toMatch(/script-src 'self' 'sha256-[^;]*;/);
    expect(csp).not.toContain("'unsafe-inline' 'sha256");
    expect(csp).not.toContain("'nonce-");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    // A page that is not kept (not found) is rendered for its one visitor, with a nonce of its own.
    const notFound = await fetch(`${baseUrl()}/no-such-page`);
    expect(notFound.headers.get("content-security-policy")).toMatch(/script-src 'self' 'nonce-[^']+'/);
  });

  it("runs a guest's page from the cache under its scripts' hashes, with no policy violation (en, ar)", async () => {
    for (const lang of ["en", "ar"] as const) {
      const context = await newContext(browser, { lang });
      const page = await context.newPage();
      const errors = failOnConsoleErrors(page);
      await page.addInitScript(() => {
        const seen: string[] = [];
        Object.assign(window, { cspViolations: seen });
        document.addEventListener("securitypolicyviolation", (e) =>
          seen.push(`${e.violatedDirective} ${e.blockedURI}`),
        );
      });
      // The shop's loader data carries product names in the page's language (Arabic: UTF-8 bytes).
      await page.goto("/shop?sortBy=oldest");
      await page.goto("/shop?sortBy=oldest");
      const res = await page.goto("/shop?sortBy=oldest");
      expect(res?.headers()["x-page-cache"]).toBe("hit");
      expect(res?.headers()["content-security-policy"]).toContain("'sha256-");
      // The deferred module ran (an inline module the loader makes, allowed by its hash) and hydrated.
      await page.waitForFunction(() => "__reactRouterRouteModules" in window, undefined, { timeout: 20_000 });
      await page
        .getByRole("link", { name: lang === "ar" ? "من نحن" : "About" })
        .first()
        .click();
      await page.waitForURL(/\/about$/);
      expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it("serves robots.txt with the sitemap", async () => {
    const text = await (await fetch(`${baseUrl()}/robots.txt`)).text();
    expect(text).toContain("Sitemap:");
    expect(text).toContain("Disallow: /admin/");
  });
});

describe("server lifecycle", () => {
  it("finishes, closes the database and exits 0 on SIGTERM", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-stop-"));
    const server = await startBuiltServer({
      env: {
        DATA_DIR: dataDir,
        DATABASE_URL: "",
        SEED_DEMO: "false",
        LOG_LEVEL: "warn",
        ADMIN_EMAIL: "a@b.co",
        ADMIN_PASSWORD: "long-enough-pass",
      },
      stdio: "ignore",
      timeoutMs: 60_000,
    });
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});
