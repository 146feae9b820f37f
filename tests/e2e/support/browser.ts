/** Chromium from Debian, never a downloaded browser; helpers every journey uses. */
import { chromium, type Browser, type BrowserContext, type Download, type Page } from "playwright-core";
import { inject } from "vitest";
import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import { pdfText } from "../../support/pdf-text";

export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
}

export const baseUrl = () => inject("baseUrl");
export const admin = () => ({ email: inject("adminEmail"), password: inject("adminPassword") });

export interface ContextOptions {
  lang?: "en" | "ar";
  /** 390 px is a phone; the default is a desktop. */
  width?: number;
}

export async function newContext(browser: Browser, opts: ContextOptions = {}): Promise<BrowserContext> {
  const width = opts.width ?? 1280;
  const context = await browser.newContext({
    baseURL: baseUrl(),
    viewport: { width, height: width < 768 ? 844 : 900 },
    locale: opts.lang === "ar" ? "ar-EG" : "en-GB",
  });
  if (opts.lang) {
    const url = new URL(baseUrl());
    await context.addCookies([{ name: "lang", value: opts.lang, domain: url.hostname, path: "/" }]);
  }
  context.on("page", gotoWaitsForHydration);
  return context;
}

/** A context carrying a session, as the sign-in form would leave it. */
export async function signedInContext(
  browser: Browser,
  token: string,
  opts: ContextOptions = {},
): Promise<BrowserContext> {
  const context = await newContext(browser, opts);
  await context.addCookies([
    { name: "access_token", value: token, url: baseUrl(), httpOnly: true, sameSite: "Strict" },
  ]);
  return context;
}

/** A desktop browser with JavaScript off, for the pages that must work without scripts. */
export function noScriptContext(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({
    baseURL: baseUrl(),
    javaScriptEnabled: false,
    locale: "en-GB",
    viewport: { width: 1280, height: 900 },
  });
}

/**
 * A page is painted from the server's HTML and starts its scripts after that (decision 082), so a
 * click right after the load event can come before the page answers to script. A customer's click
 * on a link then is an ordinary link; a test's must reach the page's code, so `goto`, `reload`
 * and `waitForURL` (which follows the app's own full-page moves, such as after signing in) wait
 * until the shop's page has hydrated (root.tsx marks <html data-hydrated>).
 */
function gotoWaitsForHydration(page: Page) {
  const untilHydrated = async () => {
    // Only the shop's pages (they end with #page-end); a sitemap or an image has nothing to hydrate.
    const ours = await page
      .evaluate(() => document.contentType === "text/html" && document.getElementById("page-end") !== null)
      .catch(() => true); // a navigation in between: wait for the next page
    if (ours) await page.waitForSelector("html[data-hydrated]", { state: "attached", timeout: 15_000 });
  };
  const thenHydrated =
    <A extends unknown[], R>(step: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      const result = await step(...args);
      await untilHydrated();
      return result;
    };
  page.goto = thenHydrated(page.goto.bind(page));
  page.reload = thenHydrated(page.reload.bind(page));
  page.waitForURL = thenHydrated(page.waitForURL.bind(page));
}

/** Fails the test on any error the page logs (as the model codebases do). */
export function failOnConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(e.message));
  return errors;
}

/** The newest e-mail the server wrote to DATA_DIR/outbox for an address, decoded as text. */
export async function latestMailTo(address: string, timeoutMs = 10_000): Promise<string> {
  const dir = path.join(inject("dataDir"), "outbox");
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (fs.existsSync(dir)) {
      const files = fs.readdirSync(dir).sort().reverse();
      for (const f of files) {
        const raw = fs.readFileSync(path.join(dir, f), "utf8");
        if (raw.toLowerCase().includes(address.toLowerCase())) return decodeMail(raw);
      }
    }
    if (Date.now() > deadline) throw new Error(`No mail to ${address}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

function decodeMail(raw: string): string {
  // Quoted-printable soft breaks and escapes are enough to read a code or a link.
  return raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
}

/** A downloaded PDF's bytes and its text. */
export async function downloadedPdf(download: Download): Promise<{ bytes: Buffer; text: string }> {
  const bytes = fs.readFileSync((await download.path())!);
  return { bytes, text: pdfText(bytes) };
}

const require = createRequire(import.meta.url);
const axeSource = fs.readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");

/**
 * Serious and critical accessibility violations (axe-core) on the current page, or only inside the
 * element `within` selects (`#main`: the page's own content, not the shared header and footer).
 */
export async function accessibilityViolations(
  page: Page,
  within?: string,
): Promise<{ id: string; help: string; targets: string[] }[]> {
  // Transitions still running are let finish first: axe measures a toast fading in at part of its
  // opacity as text without contrast (CI's busy run failed cod-blocking.e2e that way, in both languages).
  // A toast just added starts its fade-in only once sonner marks it mounted, in an effect that can
  // run after the next paint (it did under Preact, decision 386): until then it has no transition
  // to wait for.
  await page
    .waitForFunction(() => document.querySelectorAll('[data-sonner-toast][data-mounted="false"]').length === 0, null, {
      timeout: 3000,
    })
    .catch(() => undefined);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime)))
          .map((a) => a.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 3000)),
    ]),
  );
  // Evaluated through the devtools protocol, so the page's CSP (rightly) does not block it.
  await page.evaluate(axeSource);
  const result = await page.evaluate(async (selector) => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            ctx: Document | Element,
            opts: object,
          ) => Promise<{
            violations: {
              id: string;
              impact: string;
              help: string;
              nodes: { target: string[]; failureSummary?: string }[];
            }[];
          }>;
        };
      }
    ).axe;
    const context = selector ? document.querySelector(selector) : document;
    if (!context) throw new Error(`nothing on the page matches ${selector}`);
    return axe.run(context, { resultTypes: ["violations"] });
  }, within);
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => ({
      id: v.id,
      help: v.help,
      targets: v.nodes.map((n) => `${n.target.join(" ")}: ${n.failureSummary ?? ""}`),
    }));
}
