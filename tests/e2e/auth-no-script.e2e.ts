/**
 * Sign-in and guest tracking with JavaScript disabled (docs/decisions/145, 200): the sign-in form
 * posts to the /auth route action, which signs in with the API's service and limits and redirects
 * back to the page asked for; the tracking search is a GET form the /orders loader answers with
 * the guest's masked view. Both work before the scripts arrive, and with script off.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { baseUrl, latestMailTo, launchBrowser, noScriptContext } from "./support/browser";
import { adminToken, call, createProduct } from "./support/shop-data";
import { orderPayload } from "../support/order-payload";

let browser: Browser;
let context: BrowserContext;
let page: Page;
const PASSWORD = "No-script-pass-123";
const email = `noscript-${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}@e2e.test`;
let orderNumber = "";

async function activationCode(address: string): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const code = /activate your account:\s+(\d{6})\s/.exec(await latestMailTo(address))?.[1];
    if (code) return code;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`No activation code e-mailed to ${address}`);
}

beforeAll(async () => {
  const { UserID } = await call<{ UserID: string }>("/createUser", {
    body: { firstName: "Nour", lastName: "Samir", email, phone: "01012345678", password: PASSWORD },
  });
  await call("/activateUser", { body: { userId: UserID, activationCode: await activationCode(email) } });

  const product = await createProduct(await adminToken(), "nojsorder");
  const placed = await call<{ order: { orderNumber: string } }>("/order/guest", {
    body: orderPayload([{ productId: product._id, quantity: 1, color: "#1f2937" }], {
      lastName: "Adel",
      email: `guest-${Date.now().toString(36)}@e2e.test`,
      phone: "01098765432",
    }),
  });
  orderNumber = placed.order.orderNumber;

  browser = await launchBrowser();
  context = await noScriptContext(browser);
  page = await context.newPage();
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

async function submitSignIn(password: string) {
  const form = page.getByTestId("sign-in-form");
  await form.locator("input[name=email]").fill(email);
  await form.locator("input[name=password]").fill(password);
  await Promise.all([page.waitForLoadState("load"), form.getByTestId("sign-in-submit").click()]);
}

describe("without JavaScript", () => {
  it("answers a wrong password on the page and keeps the e-mail", async () => {
    await page.goto("/auth?redirect=%2Fwishlist");
    await submitSignIn("Wrong-pass-123");
    expect(await page.getByTestId("sign-in-error").innerText()).toBe("Invalid e-mail or password");
    expect(await page.getByTestId("sign-in-form").locator("input[name=email]").inputValue()).toBe(email);
    expect(new URL(page.url()).pathname).toBe("/auth");
  });

  it("tracks a guest order from the tracking form and shows the masked view", async () => {
    await page.goto("/orders");
    await page.locator("#order-number").fill(orderNumber.toLowerCase());
    await Promise.all([page.waitForURL(/\/orders\?on=/), page.getByTestId("track-button").click()]);
    const card = page.getByTestId("order-card");
    expect(await card.getByTestId("order-number").innerText()).toBe(orderNumber);
    const recipient = await card.getByTestId("order-recipient").innerText();
    expect(recipient).not.toContain("01098765432");
    expect(recipient).toContain("010*****432");

    await page.locator("#order-number").fill("ORD-0000000000000");
    await Promise.all([page.waitForURL(/on=ORD-0000000000000/), page.getByTestId("track-button").click()]);
    expect(await page.getByTestId("track-error").innerText()).toBe("Order not found");
  });

  it("signs in through the form and goes back to the page that asked for it", async () => {
    await page.goto("/auth?redirect=%2Fwishlist");
    await submitSignIn(PASSWORD);
    await page.waitForURL(`${baseUrl()}/wishlist`);
    await page.getByTestId("account-link").first().waitFor();
    const cookie = (await context.cookies()).find((c) => c.name === "access_token");
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe("Strict");
  });
});
