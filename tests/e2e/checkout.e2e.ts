/**
 * Cart, checkout and orders in Chromium, English and Arabic (issue 4): a guest buys two sizes with a
 * promo code and cash on delivery, then tracks the order; a customer's guest cart merges at sign-in,
 * the customer checks out, finds the order under /orders and cancels it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { translate } from "@core/i18n";
import {
  accessibilityViolations,
  failOnConsoleErrors,
  latestMailTo,
  launchBrowser,
  newContext,
} from "./support/browser";
import { addToCart, alexandriaAddress, fillShippingAddress } from "./support/shopper";
import { adminToken as signInAdmin, call, createProduct } from "./support/shop-data";

type Lang = "en" | "ar";

let browser: Browser;
let adminToken: string;
const RUN = Date.now().toString(36).toUpperCase();

/** A dress in sizes S, M and L with stock 20, made by the admin for the calling test only. */
const createDress = (label: string) =>
  createProduct(adminToken, label, {
    name: `Checkout Wrap Dress ${label} ${RUN}`,
    nameAr: `فستان ملفوف ${label} ${RUN}`,
    description: "A light linen dress.",
    category: "dresses",
    price: 450,
    stock: 20,
    sizes: ["S", "M", "L"],
    colors: ["#1f2937", "#b91c1c"],
  });

/**
 * The governorate the journeys ship to, as the shop has it now: other files' staff journeys may
 * change a city's fee or extra cost, so the expected amounts are read, not assumed.
 */
async function alexandria() {
  const options =
    await call<{ city: string; shipping: number; additionalCost: number; estTime: string }[]>("/shipping");
  const city = options.find((o) => o.city === "Alexandria");
  expect(city).toBeDefined();
  return { fee: city!.shipping + (city!.additionalCost ?? 0), estTime: city!.estTime };
}

async function createPromoCode(code: string, percent: number) {
  const expDate = new Date(Date.now() + 7 * 864e5).toISOString().slice(0, 10);
  await call("/promocodes", { token: adminToken, body: { code, discountValue: percent, usageLimit: 10, expDate } });
}

const PASSWORD = "Checkout-pass-123";

/** An active customer account (sign-up and the e-mailed activation code, through the API). */
async function createCustomer(email: string) {
  const { UserID } = await call<{ UserID: string }>("/createUser", {
    body: { firstName: "Salma", lastName: "Adel", email, phone: "01012345678", password: PASSWORD },
  });
  let code: string | undefined;
  for (let i = 0; i < 50 && !code; i++) {
    code = /activate your account:\s+(\d{6})\s/.exec(await latestMailTo(email))?.[1];
    if (!code) await new Promise((r) => setTimeout(r, 200));
  }
  await call("/activateUser", { body: { userId: UserID, activationCode: code } });
}

/** An EGP amount as the page writes it (Latin digits, thousands commas, no trailing zero cents). */
const egp = (n: number) => n.toLocaleString("en-US", { maximumFractionDigits: 2 });

const tr = (lang: Lang, key: string, vars?: Record<string, string | number>) => translate(lang, key, vars);

async function expectToast(page: Page, text: string) {
  await page.locator("[data-sonner-toast]", { hasText: text }).first().waitFor({ state: "visible", timeout: 10_000 });
}

/**
 * axe-core on the page's own content, once the toasts have gone (their colours are the toaster's).
 * The headline bar above is left out: mid-fade its text is briefly low-contrast, which the shell's
 * own tests cover, and it would make these journeys flaky.
 */
async function pageViolations(page: Page) {
  await page.waitForFunction(() => !document.querySelector("[data-sonner-toast]"), null, { timeout: 20_000 });
  return accessibilityViolations(page, "#main");
}

/** The Shipping Address step, filled in full. */
const fillAddress = (page: Page, email: string) => fillShippingAddress(page, alexandriaAddress(email), "Alexandria");

beforeAll(async () => {
  browser = await launchBrowser();
  adminToken = await signInAdmin();
});
afterAll(() => browser?.close());

describe.each(["en", "ar"] as const)("checkout in %s", (lang) => {
  it("lets a guest buy two sizes with a promo code and cash on delivery, then track the order", async () => {
    const code = `SAVE${RUN}${lang.toUpperCase()}`.slice(0, 32);
    await createPromoCode(code, 10);
    const dress = await createDress(`G${lang.toUpperCase()}`);
    const shipTo = await alexandria();
    const context = await newContext(browser, { lang });
    const page = await context.newPage();
    const errors = failOnConsoleErrors(page);

    // Size and colour are required before anything reaches the cart.
    await page.goto(`/product/${dress._id}`);
    await page.getByTestId("add-to-cart").waitFor();
    await page.waitForLoadState("networkidle");
    await page.getByTestId("add-to-cart").click();
    await expectToast(page, tr(lang, "cart.selectSizeColor"));
    await addToCart(page, { size: "S", quantity: 1, cartCount: 1 });
    await addToCart(page, { size: "M", quantity: 2, cartCount: 3 });

    // The cart: two lines, one per size, priced 450 and 900.
    await page.getByTestId("cart-link").click();
    await page.waitForURL(/\/cart$/);
    const lines = page.getByTestId("cart-line");
    await lines.nth(1).waitFor();
    expect(await lines.count()).toBe(2);
    expect(await lines.evaluateAll((els) => els.map((e) => e.getAttribute("data-size")))).toEqual(["S", "M"]);
    expect(await pageViolations(page)).toEqual([]);

    // Step 1: the promo code takes 10% off the 1,350 EGP of items.
    await page.getByTestId("go-checkout").click();
    await page.waitForURL(/\/checkout\?guest=1$/);
    await page.locator("#promo-code").fill(code.toLowerCase());
    await page.getByRole("button", { name: tr(lang, "checkout.apply") }).click();
    await page.getByTestId("promo-applied").waitFor();
    expect(await page.getByTestId("promo-discount").innerText()).toMatch(/135/);
    expect(await pageViolations(page)).toEqual([]);
    await page.getByTestId("checkout-continue").click();

    // Step 2: every required field, then a valid e-mail.
    await page.getByTestId("checkout-continue").click();
    await expectToast(page, tr(lang, "ordersApi.fillRequired"));
    await fillAddress(page, "not-an-email");
    await page.getByTestId("checkout-continue").click();
    await expectToast(page, tr(lang, "validation.emailInvalid"));
    const email = `guest-${RUN.toLowerCase()}-${lang}@e2e.test`;
    await page.locator("[name=email]").fill(email);
    // Alexandria's fee and delivery time (60 EGP, 2-3 business days in the demo data).
    expect(await page.getByTestId("est-delivery").innerText()).toContain(shipTo.estTime);
    expect(await page.getByTestId("shipping-amount").innerText()).toContain(egp(shipTo.fee));
    expect(await pageViolations(page)).toEqual([]);
    await page.getByTestId("checkout-continue").click();

    // Step 3: card is shown but not available; cash on delivery is chosen.
    expect(await page.locator("input[value='Credit Card']").isDisabled()).toBe(true);
    await page.getByText(tr(lang, "checkout.notAvailable")).waitFor();
    await page.getByTestId("checkout-continue").click();
    await expectToast(page, tr(lang, "checkout.choosePayment"));
    await page.locator("input[value='Cash on Delivery']").check();
    await page.getByTestId("checkout-continue").click();

    // Step 4: address, payment and totals: 1,350 − 135 + the fee (1,275 EGP with the demo's 60).
    expect(await page.getByTestId("place-address").innerText()).toContain("Fawzy Moaz St");
    expect(await page.getByTestId("place-payment-method").innerText()).toBe(tr(lang, "checkout.cashOnDelivery"));
    expect(await page.getByTestId("checkout-total").first().innerText()).toContain(egp(1_215 + shipTo.fee));
    // Back works on the last step too, and forward again keeps what was entered.
    await page.getByRole("button", { name: tr(lang, "checkout.back") }).click();
    expect(await page.locator("input[value='Cash on Delivery']").isChecked()).toBe(true);
    await page.getByTestId("checkout-continue").click();
    expect(await pageViolations(page)).toEqual([]);
    await page.getByTestId("place-order").click();

    // A guest lands on tracking with the order number, which runs the search.
    await page.waitForURL(/\/orders\?on=ORD-\d{13}$/);
    const orderNumber = new URL(page.url()).searchParams.get("on")!;
    const card = page.getByTestId("order-card");
    await card.waitFor();
    expect(await card.getByTestId("order-number").innerText()).toBe(orderNumber);
    expect(await card.getByTestId("order-status").innerText()).toBe(tr(lang, "common.status.Processing"));
    // The guest view masks the name and phone.
    expect(await card.getByTestId("order-recipient").innerText()).not.toContain("01098765432");
    expect(await page.getByTestId("cart-count").count()).toBe(0);
    expect(await pageViolations(page)).toEqual([]);

    // The search itself: empty, unknown, then the real number.
    await page.locator("#order-number").fill("");
    await page.getByTestId("track-button").click();
    await page.getByText(tr(lang, "orders.numberRequired")).waitFor();
    await page.locator("#order-number").fill("ORD-0000000000000");
    await page.getByTestId("track-button").click();
    expect(await page.getByTestId("track-error").innerText()).toBe(tr(lang, "orders.notFound"));
    await page.locator("#order-number").fill(orderNumber.toLowerCase());
    await page.getByTestId("track-button").click();
    await page.getByTestId("order-card").waitFor();

    expect(errors.filter((e) => !/status of 4\d\d/.test(e))).toEqual([]);
    await context.close();
  });

  it("merges a guest cart at sign-in, then the customer checks out, sees the order under /orders and cancels it", async () => {
    const email = `buyer-${RUN.toLowerCase()}-${lang}@e2e.test`;
    await createCustomer(email);
    const dress = await createDress(`C${lang.toUpperCase()}`);
    const context = await newContext(browser, { lang });
    const page = await context.newPage();
    const errors = failOnConsoleErrors(page);

    // As a guest: one L in the browser cart.
    await page.goto(`/product/${dress._id}`);
    await page.getByTestId("add-to-cart").waitFor();
    await page.waitForLoadState("networkidle");
    await addToCart(page, { size: "L", quantity: 1, cartCount: 1 });

    // Signing in from the cart carries the line into the server cart and empties browser storage.
    await page.goto("/cart");
    await page.getByRole("link", { name: tr(lang, "cart.signInToCheckout") }).click();
    await page.waitForURL(/\/auth\?redirect=/);
    const form = page.getByTestId("sign-in-form");
    await form.locator("input[name=email]").fill(email);
    await form.locator("input[name=password]").fill(PASSWORD);
    await form.getByTestId("sign-in-submit").click();
    await page.waitForURL(/\/checkout$/);
    await page.getByTestId("checkout-line").first().waitFor();
    await expect.poll(() => page.evaluate(() => localStorage.length)).toBe(0);
    const server = await page.evaluate(async () => (await fetch("/api/cart")).json());
    expect(server.cart.map((l: { size: string; quantity: number }) => [l.size, l.quantity])).toEqual([["L", 1]]);

    // The customer's name and e-mail are filled in from the account.
    await page.getByTestId("checkout-continue").click();
    expect(await page.locator("[name=email]").inputValue()).toBe(email);
    await fillAddress(page, email);
    await page.getByTestId("checkout-continue").click();
    await page.locator("input[value='Cash on Delivery']").check();
    await page.getByTestId("checkout-continue").click();
    await page.getByTestId("place-order").click();

    // A signed-in customer lands on /orders and sees the order with its progress bar.
    await page.waitForURL(/\/orders$/);
    const card = page.getByTestId("order-card").first();
    await card.waitFor();
    expect(await card.getByTestId("order-number").innerText()).toMatch(/^ORD-\d{13}$/);
    await card.getByTestId("order-progress").waitFor();
    expect(await card.getByTestId("order-recipient").innerText()).toContain("01098765432");
    expect(await pageViolations(page)).toEqual([]);

    // Cancelling asks first, then shows the cancelled banner instead of the bar.
    await card.getByTestId("cancel-order").click();
    const dialog = page.getByRole("dialog", { name: tr(lang, "orders.cancelTitle") });
    await dialog.waitFor();
    await dialog.getByTestId("confirm-button").click();
    await card.getByTestId("cancelled-banner").waitFor();
    expect(await card.getByTestId("cancel-order").count()).toBe(0);
    await page.reload();
    await page.getByTestId("order-card").first().getByTestId("cancelled-banner").waitFor();
    expect(await pageViolations(page)).toEqual([]);

    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("an item that sold out between cart and order", () => {
  it("names the item, creates no order and keeps the cart", async () => {
    const last = await createProduct(adminToken, "LPS", {
      name: `Last Piece Skirt ${RUN}`,
      description: "Only one left.",
      category: "skirts",
      price: 300,
      stock: 1,
      sizes: ["M"],
      colors: ["#000000"],
    });
    const context = await newContext(browser, { lang: "en" });
    const page = await context.newPage();
    await page.goto(`/product/${last._id}`);
    await page.getByTestId("add-to-cart").waitFor();
    await page.waitForLoadState("networkidle");
    await page.getByTestId("add-to-cart").click();
    await page.getByTestId("cart-count").filter({ hasText: "1" }).waitFor();

    // Someone else buys the last piece first.
    const address = {
      area: "",
      street: "Nile St",
      building: "1",
      floor: "1",
      apartment: "1",
      city: "Cairo",
      state: "",
      country: "Egypt",
      postalCode: "",
    };
    await call("/order/guest", {
      body: {
        firstName: "Other",
        lastName: "Buyer",
        email: "other@e2e.test",
        phone: "01011111111",
        notes: "",
        promoCode: "",
        paymentMethod: "Cash on Delivery",
        products: [{ productId: last._id, quantity: 1, size: "M", color: "#000000" }],
        shipping: { address },
      },
    });

    const orderCount = async () =>
      (await call<{ metadata: { total: number } }>("/moderator/orders?limit=1", { token: adminToken })).metadata.total;
    const ordersBefore = await orderCount();
    await page.goto("/checkout?guest=1");
    await page.getByTestId("checkout-continue").click();
    await fillAddress(page, "late@e2e.test");
    await page.getByTestId("checkout-continue").click();
    await page.locator("input[value='Cash on Delivery']").check();
    await page.getByTestId("checkout-continue").click();
    await page.getByTestId("place-order").click();
    await page
      .locator("[data-sonner-toast]", { hasText: `Last Piece Skirt ${RUN}` })
      .first()
      .waitFor();
    // Still on the last step with the cart intact, so the shopper can change it.
    expect(new URL(page.url()).pathname).toBe("/checkout");
    // (the cart reloads the fresh stock first)
    await expect.poll(() => page.getByTestId("place-order").isEnabled()).toBe(true);
    expect(await page.evaluate(() => localStorage.length)).toBe(1);
    expect(await orderCount()).toBe(ordersBefore);
    await context.close();
  });
});
