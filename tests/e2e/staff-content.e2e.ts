/**
 * Issue 12's staff screens, in English and Arabic: the moderator's promo banners screen, Arabic
 * names on the staff screens (banners, governorates, orders' cities, dashboard), the server's message
 * on a refused status change and a failed review delete, the image picker keeping its good files,
 * the shipping Update form setting an additional cost back to 0, and a 401 ending a stale session.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import sharp from "sharp";
import { translate } from "@core/i18n";
import { admin, baseUrl, failOnConsoleErrors, launchBrowser, newContext } from "./support/browser";
import { apiRequest as call } from "./support/shop-data";
import { orderPayload } from "../support/order-payload";

type Lang = "en" | "ar";
let browser: Browser;
let adminToken: string;
let pngImage: Buffer;
const createdProducts: string[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  adminToken = await logIn(admin().email, admin().password);
  pngImage = await sharp({ create: { width: 320, height: 400, channels: 3, background: { r: 30, g: 120, b: 90 } } })
    .png()
    .toBuffer();
});
afterAll(async () => {
  for (const id of createdProducts) await call(`/products/${id}`, { method: "DELETE", token: adminToken });
  await browser?.close();
});

async function logIn(email: string, password: string): Promise<string> {
  const { status, body } = await call<{ token: string }>("/login", { body: { email, password } });
  expect(status, `sign-in of ${email}`).toBe(200);
  return body.token;
}

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

/** A moderator: an admin-made account given the role (the admin creates and activates it through the API). */
async function makeModerator(): Promise<string> {
  const email = `mod-${unique()}@e2e.test`;
  const password = "Moderator-pass-1";
  const created = await call<{ UserID: string }>("/createUser", {
    body: { firstName: "Hala", lastName: "Samir", email, phone: "01012345678", password },
  });
  expect(created.status).toBe(201);
  const { latestMailTo } = await import("./support/browser");
  const code = /\b(\d{6})\b/.exec(await latestMailTo(email))?.[1];
  expect((await call("/activateUser", { body: { userId: created.body.UserID, activationCode: code } })).status).toBe(
    200,
  );
  expect(
    (
      await call(`/users/${created.body.UserID}/role`, {
        method: "PUT",
        body: { role: "moderator" },
        token: adminToken,
      })
    ).status,
  ).toBe(200);
  return logIn(email, password);
}

async function signedInContext(token: string, lang: Lang): Promise<BrowserContext> {
  const context = await newContext(browser, { lang });
  await context.addCookies([
    { name: "access_token", value: token, url: baseUrl(), httpOnly: true, sameSite: "Strict" },
  ]);
  return context;
}

async function uploadImage(): Promise<string> {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(pngImage)], { type: "image/png" }), "dress.png");
  const { status, body } = await call<{ url: string }>("/uploads", { form, token: adminToken });
  expect(status).toBe(201);
  return body.url;
}

async function makeProduct(opts: { name: string; nameAr: string; stock: number }) {
  const { status, body } = await call<{ product: { _id: string } }>("/products", {
    token: adminToken,
    body: {
      name: opts.name,
      nameAr: opts.nameAr,
      code: `E2E-${unique().toUpperCase()}`,
      description: "A piece for the staff journeys.",
      category: "tops",
      price: 400,
      stock: opts.stock,
      images: [await uploadImage()],
      sizes: ["M"],
      colors: ["#000000"],
      specifications: ["Cotton"],
    },
  });
  expect(status).toBe(201);
  createdProducts.push(body.product._id);
  return body.product;
}

async function guestOrder(productId: string, city: string) {
  const placed = await call<{ order: { _id: string; orderNumber: string } }>("/order/guest", {
    body: orderPayload([{ productId, quantity: 1 }], {
      lastName: "Adel",
      email: `guest-${unique()}@e2e.test`,
      address: { area: "Dokki", street: "Tahrir", city },
    }),
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  return placed.body.order;
}

async function open(page: Page, path: string) {
  await page.goto(path);
  await page.waitForLoadState("networkidle");
}

async function expectToast(page: Page, text: string | RegExp) {
  await page.locator("[data-sonner-toast]", { hasText: text }).first().waitFor({ state: "visible", timeout: 10_000 });
}

const CITY = { en: { city: "Giza", shown: "Giza" }, ar: { city: "Alexandria", shown: "الإسكندرية" } } as const;

describe.each(["en", "ar"] as const)("staff content screens in %s", (lang) => {
  const say = (key: string, vars?: Record<string, string | number>) => translate(lang, key, vars);
  let modToken: string;

  beforeAll(async () => {
    modToken = await makeModerator();
  });

  it("gives a moderator the promo banners screen, in the menu, with titles in the page's language", async () => {
    const title = `Eid slide ${unique()}`;
    const titleAr = `عرض العيد ${unique()}`;
    const created = await call("/promos", {
      token: modToken,
      body: {
        title,
        titleAr,
        description: "New kaftans",
        descriptionAr: "قفاطين جديدة",
        buttonText: "Shop Now",
        link: "/shop?collection=eid",
        image: await uploadImage(),
      },
    });
    expect(created.status).toBe(201);

    const context = await signedInContext(modToken, lang);
    const page = await context.newPage();
    const errors = failOnConsoleErrors(page);
    await open(page, "/moderator/dashboard");
    // The Moderator Panel's menu has the entry (SPEC §6, decision 135), once the menu is opened.
    await page.keyboard.press("Control+b");
    await page.getByTestId("desktop-sidebar").locator('a[href="/moderator/promos"]').waitFor();
    await open(page, "/moderator/promos");
    expect(page.url()).toContain("/moderator/promos");
    await page.getByTestId("promos").waitFor();
    expect(await page.locator("h1").first().textContent()).toContain(say("admin.promosTitle"));

    const shown = lang === "ar" ? titleAr : title;
    const card = page.getByTestId("promo-card").filter({ hasText: shown });
    await card.first().waitFor();
    expect(await card.first().getByTestId("content-title").textContent()).toBe(shown);
    // The delete button speaks the shown name.
    expect(
      await card
        .first()
        .getByRole("button", { name: `${say("common.delete")}: ${shown}` })
        .count(),
    ).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("names the governorates in the page's language and lets Update set a city's additional cost back to 0", async () => {
    const { body: options } = await call<{ _id: string; city: string; additionalCost: number }[]>("/shipping");
    const city = options.find((o) => o.city === CITY[lang].city)!;
    expect(
      (
        await call("/shipping/additional", {
          method: "PUT",
          token: adminToken,
          body: { citiesId: [city._id], additionalCost: 5 },
        })
      ).status,
    ).toBe(200);

    const context = await signedInContext(modToken, lang);
    const page = await context.newPage();
    await open(page, "/moderator/shipping-management");
    const names = await page.getByTestId("shipping-city").allTextContents();
    expect(names.length).toBeGreaterThanOrEqual(27);
    expect(names).toContain(CITY[lang].shown);
    if (lang === "ar") expect(names.filter((n) => /[A-Za-z]/.test(n))).toEqual([]);

    await page.getByTestId("choose-city").selectOption(city._id);
    await page.getByRole("tab", { name: say("staff.tabUpdate") }).click();
    const form = page.getByTestId("shipping-update-form");
    await form.locator('input[name="additionalCost"]').fill("0");
    await form.getByRole("button", { name: say("staff.updateShipping") }).click();
    await expectToast(page, say("staff.shippingSaved"));
    await expect
      .poll(
        async () =>
          (await call<{ _id: string; additionalCost: number }[]>("/shipping")).body.find((o) => o._id === city._id)
            ?.additionalCost,
      )
      .toBe(0);
    await context.close();
  });

  it("shows Arabic product names on the dashboard and cities on the orders list, and the server's reason when a re-opened order is refused", async () => {
    const name = `Low Stock Tee ${unique()}`;
    const nameAr = `تيشيرت قليل ${unique()}`;
    const product = await makeProduct({ name, nameAr, stock: 1 });
    const first = await guestOrder(product._id, CITY[lang].city);
    // Cancelled: its unit goes back on the shelf, and a second order takes it.
    expect(
      (
        await call(`/moderator/orders/${first._id}/status`, {
          method: "PUT",
          token: modToken,
          body: { status: "Cancelled" },
        })
      ).status,
    ).toBe(200);
    await guestOrder(product._id, CITY[lang].city);

    const context = await signedInContext(modToken, lang);
    const page = await context.newPage();
    await open(page, "/moderator/dashboard");
    const lowStock = page.locator('section[aria-labelledby="low-stock"]');
    await lowStock.getByTestId("staff-product-name").first().waitFor();
    expect(await lowStock.getByTestId("staff-product-name").allTextContents()).toContain(lang === "ar" ? nameAr : name);

    await open(page, "/moderator/orders");
    await page.getByTestId("order-search").fill(first.orderNumber);
    await page.getByTestId("order-search").press("Enter");
    const row = page.locator(`[data-testid="order-row"][data-order-number="${first.orderNumber}"]`);
    await row.waitFor();
    expect(await row.getByTestId("order-city").textContent()).toBe(CITY[lang].shown);

    // Re-opening the cancelled order needs the unit the second order took: the server says so (409).
    await row.getByTestId("order-status").selectOption("Processing");
    await expectToast(page, lang === "ar" ? "نفدت كمية" : "has sold out");
    await expect.poll(() => row.getByTestId("order-status").inputValue()).toBe("Cancelled");
    await context.close();
  });

  it("keeps the images that uploaded when another file of the same pick fails, and names the failed one", async () => {
    const context = await signedInContext(modToken, lang);
    const page = await context.newPage();
    await open(page, "/moderator/add-product");
    await page.getByTestId("image-input").setInputFiles([
      { name: "good.png", mimeType: "image/png", buffer: pngImage },
      { name: "broken.png", mimeType: "image/png", buffer: Buffer.from("not an image at all") },
    ]);
    await expectToast(page, say("staff.imageUploadFailedFor", { names: "broken.png" }));
    await expect.poll(() => page.getByTestId("product-form").locator('img[src^="/uploads/"]').count()).toBe(1);
    await context.close();
  });

  it("shows the server's message when a review cannot be deleted", async () => {
    const reviewer = `Reviewer ${unique()}`;
    // Any signed-in account may post a review.
    const posted = await call<{ post: { _id: string } }>("/posts", {
      token: modToken,
      body: { name: reviewer, description: "Lovely fabric", stars: 5 },
    });
    expect(posted.status).toBe(201);
    const context = await signedInContext(adminToken, lang);
    const page = await context.newPage();
    await open(page, "/posts");
    // Someone else deletes it first; the admin's delete then meets the server's 404.
    expect((await call(`/posts/${posted.body.post._id}`, { method: "DELETE", token: adminToken })).status).toBe(200);
    const card = page.getByTestId("post-card").filter({ hasText: reviewer });
    await card.waitFor();
    // An English review on the Arabic page is marked as English (decision 139).
    if (lang === "ar") expect(await card.getByTestId("post-text").locator("bdi").getAttribute("lang")).toBe("en");
    await card.getByTestId("delete-post").click();
    await page.getByTestId("confirm-button").click();
    await expectToast(page, say("catalogAdmin.postNotFound"));
    await context.close();
  });

  it("ends a revoked session at its next call and opens the sign-in page", async () => {
    const token = await makeModerator();
    const context = await signedInContext(token, lang);
    const page = await context.newPage();
    await open(page, "/moderator/promos");
    // The session is revoked behind the page's back (as a ban or a sign-out elsewhere does).
    expect((await call("/logout", { method: "POST", token })).status).toBe(200);
    await page.getByRole("switch", { name: say("staff.showDeleted") }).click();
    await page.waitForURL(/\/auth\?redirect=/);
    expect((await context.cookies()).some((c) => c.name === "access_token")).toBe(false);
    await context.close();
  });
});
