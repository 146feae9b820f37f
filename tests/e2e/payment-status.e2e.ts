/**
 * The payment state of an order (issue 11, item 2; docs/decisions/117), in English and Arabic:
 * shown to staff in All Orders and to the owner on /orders; a cash order becomes Paid when staff
 * mark it Delivered.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import sharp from "sharp";
import { translate } from "@core/i18n";
import { admin, launchBrowser, signedInContext } from "./support/browser";
import { apiRequest, type CallOptions } from "./support/shop-data";
import { orderPayload } from "../support/order-payload";

let browser: Browser;
let adminToken: string;
const created: string[] = [];

/** The admin's API calls; the status and body whatever the status. */
const call = <T = Record<string, unknown>>(path: string, opts: Omit<CallOptions, "token"> = {}) =>
  apiRequest<T>(path, { ...opts, token: adminToken });

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

beforeAll(async () => {
  browser = await launchBrowser();
  const login = await call<{ token: string }>("/login", { body: { email: admin().email, password: admin().password } });
  expect(login.status).toBe(200);
  adminToken = login.body.token;
});
afterAll(async () => {
  for (const id of created) await call(`/products/${id}`, { method: "DELETE" });
  await browser?.close();
});

/** A cash order placed by the admin as a customer (any signed-in account may order). */
async function placeCashOrder(): Promise<string> {
  const png = await sharp({ create: { width: 320, height: 400, channels: 3, background: { r: 20, g: 120, b: 90 } } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(png)], { type: "image/png" }), "p.png");
  const image = (await call<{ url: string }>("/uploads", { form })).body.url;
  const product = await call<{ product: { _id: string } }>("/products", {
    body: {
      name: `Paid later ${unique()}`,
      code: `PL-${unique().toUpperCase()}`,
      description: "Paid at the door.",
      category: "tops",
      price: 200,
      stock: 5,
      images: [image],
      sizes: ["M"],
      colors: ["#000000"],
      specifications: [],
    },
  });
  expect(product.status).toBe(201);
  created.push(product.body.product._id);
  const placed = await call<{ order: { orderNumber: string; paymentStatus: string } }>("/order", {
    body: orderPayload([{ productId: product.body.product._id, quantity: 1 }], {
      lastName: "Adel",
      email: admin().email,
    }),
  });
  expect(placed.status).toBe(201);
  expect(placed.body.order.paymentStatus).toBe("Unpaid");
  return placed.body.order.orderNumber;
}

const signedIn = (lang: "en" | "ar") => signedInContext(browser, adminToken, { lang });

async function open(page: Page, path: string) {
  await page.goto(path);
  await page.waitForLoadState("networkidle");
}

describe.each(["en", "ar"] as const)("payment state, in %s", (lang) => {
  it("shows staff and the owner whether an order is paid; delivering a cash order marks it Paid", async () => {
    const orderNumber = await placeCashOrder();
    const context = await signedIn(lang);
    const page = await context.newPage();

    await open(page, "/orders");
    const card = page.locator(`[data-testid="order-card"][data-order-number="${orderNumber}"]`);
    await card.waitFor();
    expect((await card.getByTestId("payment-status").innerText()).trim()).toBe(
      translate(lang, "common.paymentStatus.Unpaid"),
    );

    await open(page, "/moderator/orders");
    await page.getByTestId("order-search").fill(orderNumber);
    await page.getByTestId("order-search").press("Enter");
    const row = page.locator(`[data-testid="order-row"][data-order-number="${orderNumber}"]`);
    await row.waitFor();
    expect((await row.getByTestId("payment-status").innerText()).trim()).toBe(
      translate(lang, "common.paymentStatus.Unpaid"),
    );
    // A cash order ships only once confirmed (issue 16): staff confirm it after a call, in one click.
    await row.getByTestId("order-confirm").click();
    await expect.poll(() => row.getByTestId("confirmation-status").getAttribute("data-confirmation")).toBe("confirmed");
    await row.getByTestId("order-status").selectOption("Delivered");
    await expect.poll(() => row.getByTestId("payment-status").getAttribute("data-payment-status")).toBe("Paid");
    expect((await row.getByTestId("payment-status").innerText()).trim()).toBe(
      translate(lang, "common.paymentStatus.Paid"),
    );

    await open(page, "/orders");
    await card.waitFor();
    expect((await card.getByTestId("payment-status").innerText()).trim()).toBe(
      translate(lang, "common.paymentStatus.Paid"),
    );
    await context.close();
  });
});
