/**
 * Issue 16, part 6 in the browser, in English and Arabic: a guest ticks "Email me a reminder about
 * my bag" at checkout and leaves; the reminder job runs in the built server's worker; the e-mail is
 * read from DATA_DIR/outbox; its link brings the bag back in another browser; its unsubscribe link
 * shows the confirmation page, which unsubscribes. The server here is the test's own, on a
 * PostgreSQL database made for it, so the test can move the bag's time back 25 hours (as the API
 * tests do) instead of waiting a day.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chromium, type Browser, type Page } from "playwright-core";
import { eq, sql } from "drizzle-orm";
import pg from "pg";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { translate } from "@core/i18n";
import type { ProductDTO } from "@server/modules/catalog/product-dto";
import { startBuiltServer } from "../../scripts/built-server.mjs";
import { openDatabase, type Database } from "../../server/db/client";
import { cartReminders, jobs } from "../../server/db/schema";
import { SCAN_JOB } from "../../server/modules/cart-reminders/saved-carts";
import { signingKey, unsubscribeTokenFor } from "../../server/modules/cart-reminders/tokens";
import { unsubscribeStatus } from "../../server/modules/cart-reminders/unsubscribe";
import { accessibilityViolations, CHROMIUM, failOnConsoleErrors } from "./support/browser";
import { addToCart } from "./support/shopper";
import { call, createProduct } from "./support/shop-data";

const ADMIN_URL = process.env.E2E_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const dbName = `azya_reminders_${crypto.randomBytes(4).toString("hex")}`;
const dbUrl = (() => {
  const u = new URL(ADMIN_URL);
  u.pathname = `/${dbName}`;
  return u.toString();
})();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-reminders-"));
const ADMIN = { email: "admin@reminders.test", password: "Reminders-pass-1" };

let server: Awaited<ReturnType<typeof startBuiltServer>> | undefined;
let database: Database | undefined;
let browser: Browser;
let product: ProductDTO;
let adminToken: string;

async function admin(query: string) {
  const c = new pg.Client({ connectionString: ADMIN_URL });
  await c.connect();
  try {
    await c.query(query);
  } finally {
    await c.end();
  }
}

beforeAll(async () => {
  await admin(`create database ${dbName}`);
  server = await startBuiltServer({
    env: {
      NODE_ENV: "production",
      DATABASE_URL: dbUrl,
      DATA_DIR: dataDir,
      SMTP_URL: "",
      SEED_DEMO: "false",
      LOG_LEVEL: "warn",
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      RATE_LIMIT_SCALE: "50",
      JOBS_POLL_MS: "100",
    },
    stdio: "ignore",
    timeoutMs: 90_000,
  });
  database = await openDatabase({ url: dbUrl, poolSize: 2 });
  adminToken = (await call<{ token: string }>("/login", { body: ADMIN, base: server.base })).token;
  product = await createProduct(adminToken, "REM", {}, server.base);
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox", "--disable-gpu"] });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await database?.close();
  await admin(`drop database if exists ${dbName} with (force)`);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function newPage(lang: "en" | "ar"): Promise<Page> {
  const context = await browser.newContext({
    baseURL: server!.base,
    viewport: { width: 1280, height: 900 },
    locale: lang === "ar" ? "ar-EG" : "en-GB",
  });
  await context.addCookies([{ name: "lang", value: lang, domain: "127.0.0.1", path: "/" }]);
  return context.newPage();
}

/** Waits for the shop's page to answer to script (root.tsx marks <html data-hydrated>). */
async function open(page: Page, url: string) {
  await page.goto(url);
  await page.waitForSelector("html[data-hydrated]", { state: "attached", timeout: 15_000 });
}

/** The text part of an .eml the outbox holds, decoded (base64 or quoted-printable). */
function textOf(raw: string): string {
  for (const part of raw.split(/\r?\n--[^\r\n]+\r?\n/)) {
    const split = part.search(/\r?\n\r?\n/);
    const head = part.slice(0, split);
    const body = part.slice(split).trim();
    if (!/content-type:\s*text\/plain/i.test(head)) continue;
    if (/content-transfer-encoding:\s*base64/i.test(head)) return Buffer.from(body, "base64").toString("utf8");
    if (/content-transfer-encoding:\s*quoted-printable/i.test(head)) {
      const bytes = body.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/gi, (_, h: string) => `%${h}`);
      return decodeURIComponent(bytes);
    }
    return body;
  }
  throw new Error("no text part");
}

/** The reminder the server wrote for an address (the job runs within a moment of being due). */
async function reminderTo(email: string): Promise<{ raw: string; text: string }> {
  const dir = path.join(dataDir, "outbox");
  const deadline = Date.now() + 20_000;
  for (;;) {
    const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith(".eml")) : [];
    for (const f of files) {
      const raw = fs.readFileSync(path.join(dir, f), "utf8");
      if (raw.includes(`To: ${email}`)) return { raw, text: textOf(raw) };
    }
    if (Date.now() > deadline) throw new Error(`no reminder to ${email}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe.each(["en", "ar"] as const)("bag reminders (%s)", (lang) => {
  const tr = (key: string, vars?: Record<string, string | number>) => translate(lang, key, vars);

  it("a guest ticks the box, gets one reminder, its link restores the bag and its unsubscribe link works", async () => {
    const page = await newPage(lang);
    const errors = failOnConsoleErrors(page);
    await open(page, `/product/${product._id}`);
    await addToCart(page, { size: "M", cartCount: 1 });

    await open(page, "/checkout?guest=1");
    await page.getByTestId("checkout-continue").click();
    const box = page.getByTestId("bag-reminder-box");
    await box.waitFor();
    // Unticked by default, labelled in the page's language.
    expect(await box.isChecked()).toBe(false);
    expect(await page.getByTestId("bag-reminder").innerText()).toContain(tr("reminders.optIn"));
    await box.check();
    await page.locator("[data-testid=bag-reminder-state][data-state=needsEmail]").waitFor();
    expect(await page.getByTestId("bag-reminder-state").innerText()).toBe(tr("reminders.optInNeedsEmail"));
    const email = `bag-${lang}-${crypto.randomBytes(3).toString("hex")}@e2e.test`;
    await page.locator("[name=email]").fill(email);
    await page.locator("[data-testid=bag-reminder-state][data-state=saved]").waitFor();
    expect(await page.getByTestId("bag-reminder-state").innerText()).toBe(tr("reminders.optInSaved"));
    expect(await accessibilityViolations(page, "#main")).toEqual([]);
    const token = await page.evaluate(() => window.localStorage.getItem("azya.bagReminder"));
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The guest leaves without ordering.
    await page.context().close();

    // A day passes: the bag's time moves back 25 hours and the scan falls due; the server's worker runs it.
    await database!.db
      .update(cartReminders)
      .set({ touchedAt: sql`now() - interval '25 hours'` })
      .where(eq(cartReminders.token, token!));
    await database!.db.update(jobs).set({ runAt: sql`now()` }).where(eq(jobs.kind, SCAN_JOB));
    const mail = await reminderTo(email);
    expect(mail.raw).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    expect(mail.raw.replace(/\r?\n[ \t]+/g, " ")).toMatch(
      /List-Unsubscribe: <http:\/\/127\.0\.0\.1:\d+\/api\/cart-reminders\/unsubscribe\?token=/,
    );
    expect(mail.text).toContain(lang === "ar" ? product.nameAr : product.name);
    expect(mail.text).toContain(tr("reminders.email.backToBag"));
    const restore = /\/cart\?restore=[A-Za-z0-9_-]+/.exec(mail.text)![0];
    const unsubscribe = /\/unsubscribe\?token=[A-Za-z0-9_.%-]+/.exec(mail.text)![0];

    // Another browser (say, the phone the e-mail is read on): the link brings the bag back.
    const phone = await newPage(lang);
    const phoneErrors = failOnConsoleErrors(phone);
    await open(phone, restore);
    await phone.getByTestId("cart-line").first().waitFor();
    expect(await phone.getByTestId("cart-line").count()).toBe(1);
    expect(await phone.getByTestId("cart-line").first().innerText()).toContain(
      lang === "ar" ? product.nameAr : product.name,
    );
    await phone.waitForURL(/\/cart$/);

    // The unsubscribe link asks first, then confirms, in the page's language.
    await open(phone, unsubscribe);
    expect(await phone.getByTestId("unsubscribe-page").innerText()).toContain(email);
    expect(await accessibilityViolations(phone, "#main")).toEqual([]);
    await phone.getByTestId("unsubscribe-button").click();
    await phone.getByTestId("unsubscribe-done").waitFor();
    expect(await phone.getByRole("heading", { level: 1 }).innerText()).toBe(tr("reminders.unsubscribeDone"));
    // Opened again, the link says it is done (idempotent).
    await open(phone, unsubscribe);
    await phone.getByTestId("unsubscribe-done").waitFor();
    // A link with a changed signature is refused.
    await open(
      phone,
      unsubscribe.replace(/\.(.)/, (_, c: string) => `.${c === "A" ? "B" : "A"}`),
    );
    expect(await phone.getByTestId("unsubscribe-bad").innerText()).toBe(tr("reminders.unsubscribeBad"));

    expect(errors).toEqual([]);
    expect(phoneErrors).toEqual([]);
    await phone.context().close();
  });
});

describe("unsubscribing without script (decision 358)", () => {
  it("posts the page's own form and shows the page again, saying it is done, in the page's language", async () => {
    const email = `nojs-${crypto.randomBytes(3).toString("hex")}@e2e.test`;
    const token = unsubscribeTokenFor(await signingKey(database!.db), email);
    const context = await browser.newContext({ baseURL: server!.base, javaScriptEnabled: false });
    await context.addCookies([{ name: "lang", value: "ar", domain: "127.0.0.1", path: "/" }]);
    const page = await context.newPage();
    await page.goto(`/unsubscribe?token=${encodeURIComponent(token)}`);
    expect(await page.getByTestId("unsubscribe-page").innerText()).toContain(email);
    await page.getByTestId("unsubscribe-button").click();
    await page.getByTestId("unsubscribe-done").waitFor();
    expect(new URL(page.url()).pathname).toBe("/unsubscribe");
    expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe(
      translate("ar", "reminders.unsubscribeDone"),
    );
    expect(await unsubscribeStatus(database!.db, token)).toEqual({ email, unsubscribed: true });
    await context.close();
  });
});

describe("staff", () => {
  it("see the reminders sent on the moderator dashboard, in both languages", async () => {
    for (const lang of ["en", "ar"] as const) {
      const page = await newPage(lang);
      const errors = failOnConsoleErrors(page);
      await page
        .context()
        .addCookies([
          { name: "access_token", value: adminToken, url: server!.base, httpOnly: true, sameSite: "Strict" },
        ]);
      await open(page, "/moderator/dashboard");
      const sent = page.getByTestId("reminders-sent");
      await sent.waitFor();
      // The two guests above, one per language; neither ordered.
      expect(await sent.innerText()).toContain(translate(lang, "reminders.staffSent", { days: 30 }));
      expect(await sent.innerText()).toMatch(/\b2$/);
      expect(await page.getByTestId("reminders-came-back").innerText()).toMatch(/\b0$/);
      expect(errors).toEqual([]);
      await page.context().close();
    }
  });
});
