/**
 * The staff product form and a stock that moved while it was open (issue 11, item 1;
 * docs/decisions/115), in English and Arabic: the save is refused, the form says so with the current
 * stock, and staff take it over and save.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import sharp from "sharp";
import { translate } from "@core/i18n";
import { admin, baseUrl, launchBrowser, newContext } from "./support/browser";
import { apiRequest, type CallOptions } from "./support/shop-data";

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

async function makeProduct() {
  const png = await sharp({ create: { width: 320, height: 400, channels: 3, background: { r: 90, g: 42, b: 160 } } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(png)], { type: "image/png" }), "p.png");
  const image = (await call<{ url: string }>("/uploads", { form })).body.url;
  const body = {
    name: `Stock race ${unique()}`,
    code: `SR-${unique().toUpperCase()}`,
    description: "A product whose stock moves while its form is open.",
    category: "tops",
    price: 300,
    stock: 20,
    images: [image],
    sizes: ["M"],
    colors: ["#000000"],
    specifications: [],
  };
  const res = await call<{ product: { _id: string } }>("/products", { body });
  expect(res.status).toBe(201);
  created.push(res.body.product._id);
  return { id: res.body.product._id, body };
}

async function open(page: Page, path: string) {
  await page.goto(path);
  await page.waitForLoadState("networkidle");
}

describe.each(["en", "ar"] as const)("the product form when the stock moved, in %s", (lang) => {
  it("refuses the stale save, shows the current stock, and saves once staff take it over", async () => {
    const product = await makeProduct();
    const context = await newContext(browser, { lang });
    await context.addCookies([
      { name: "access_token", value: adminToken, url: baseUrl(), httpOnly: true, sameSite: "Strict" },
    ]);
    const page = await context.newPage();
    await open(page, `/moderator/edit-product/${product.id}`);
    const form = page.getByTestId("product-form");
    await expect.poll(() => form.getByTestId("stock-M-#000000").inputValue()).toBe("20");

    // While the form is open, three units go elsewhere (another save based on the current stock).
    const moved = await call(`/products/${product.id}`, {
      method: "PUT",
      body: { ...product.body, stock: 17, previousStock: 20 },
    });
    expect(moved.status).toBe(200);

    await form.locator('input[name="name"]').fill(`${product.body.name} renamed`);
    await page.getByTestId("product-submit").click();
    const conflict = page.getByTestId("stock-conflict");
    await conflict.waitFor();
    expect(await conflict.innerText()).toContain(
      translate(lang, "variants.stockChanged", { n: 17, size: "M", color: "#000000" }),
    );
    // Nothing was written.
    const after = await call<{ name: string; stock: number }>(`/products/${product.id}`);
    expect(after.body).toMatchObject({ name: product.body.name, stock: 17 });

    await page.getByTestId("stock-conflict-take").click();
    await conflict.waitFor({ state: "detached" });
    expect(await form.getByTestId("stock-M-#000000").inputValue()).toBe("17");
    await page.getByTestId("product-submit").click();
    await page
      .locator("[data-sonner-toast]", { hasText: translate(lang, "catalogAdmin.productUpdated") })
      .first()
      .waitFor();
    const saved = await call<{ name: string; stock: number }>(`/products/${product.id}`);
    expect(saved.body).toMatchObject({ name: `${product.body.name} renamed`, stock: 17 });
    await context.close();
  });
});
