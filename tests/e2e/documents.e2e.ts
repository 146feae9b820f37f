/**
 * Issue 17 §4 in the browser, in English and Arabic: staff pick two orders on All Orders and
 * download one PDF with their packing slips and labels; the owner downloads an order's invoice
 * from /orders. The files are read back with pdftotext (poppler-utils).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { translate } from "@core/i18n";
import { baseUrl, downloadedPdf, signedInContext } from "./support/browser";
import { call, clearStagedProduct, stageProduct } from "./support/shop-data";
import { orderPayload } from "../support/order-payload";

let browser: Browser;
let token: string;
let productId: string;

beforeAll(async () => {
  ({ browser, token, productId } = await stageProduct("DOC"));
});
afterAll(() => clearStagedProduct({ browser, token, productId }));

/** A cash order placed by the admin as a customer, so it is the admin's own order too. */
async function placeOrder(firstName: string): Promise<{ _id: string; orderNumber: string }> {
  const { order } = await call<{ order: { _id: string; orderNumber: string } }>("/order", {
    token,
    body: orderPayload([{ productId, quantity: 1, color: "#1f2937" }], {
      firstName,
      lastName: "Adel",
      email: `documents-${Date.now().toString(36)}@example.com`,
    }),
  });
  return order;
}

const signedIn = (lang: "en" | "ar") => signedInContext(browser, token, { lang });

const count = (text: string, word: string) => text.split(word).length - 1;

describe.each(["en", "ar"] as const)("printed documents, in %s", (lang) => {
  it("staff select two orders and download one file with their slips and labels", async () => {
    const first = await placeOrder("Salma");
    const second = await placeOrder("Nour");
    const context = await signedIn(lang);
    const page = await context.newPage();
    await page.goto("/moderator/orders");
    await page.getByTestId("print-documents").locator("summary").click();
    for (const o of [first, second]) {
      await page.getByLabel(translate(lang, "documents.selectOrder", { orderNumber: o.orderNumber })).check();
    }
    const button = page.getByTestId("print-slips-labels");
    expect((await button.innerText()).trim()).toBe(translate(lang, "documents.printSelectedCount", { n: 2 }));
    const [download] = await Promise.all([page.waitForEvent("download"), button.click()]);
    expect(download.suggestedFilename()).toMatch(/^slips-and-labels-\d{4}-\d{2}-\d{2}\.pdf$/);
    const { bytes, text } = await downloadedPdf(download);
    expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(count(text, translate(lang, "documents.shippingLabel"))).toBe(2);
    expect(count(text, translate(lang, "documents.packingSlip"))).toBe(2);
    expect(text).toContain(first.orderNumber);
    expect(text).toContain(second.orderNumber);
    expect(text).toContain(translate(lang, "documents.collect"));
    await context.close();
  });

  it("the owner downloads an order's invoice from /orders", async () => {
    const order = await placeOrder("Mona");
    const context = await signedIn(lang);
    const page = await context.newPage();
    await page.goto("/orders");
    const card = page.locator(`[data-testid="order-card"][data-order-number="${order.orderNumber}"]`);
    await card.waitFor();
    const [download] = await Promise.all([page.waitForEvent("download"), card.getByTestId("invoice-link").click()]);
    expect(download.suggestedFilename()).toBe(`invoice-${order.orderNumber}.pdf`);
    const { text } = await downloadedPdf(download);
    expect(text).toContain(translate(lang, "documents.invoiceTitle"));
    expect(text).toContain(order.orderNumber);
    expect(text).toContain("Mona Adel");
    await context.close();
  });
});

describe("printing without JavaScript", () => {
  it("the All Orders form still downloads the slips and labels of the ticked orders", async () => {
    const first = await placeOrder("Hana");
    const second = await placeOrder("Dina");
    const context = await browser.newContext({ baseURL: baseUrl(), javaScriptEnabled: false });
    await context.addCookies([
      { name: "access_token", value: token, url: baseUrl(), httpOnly: true, sameSite: "Strict" },
    ]);
    const page = await context.newPage();
    await page.goto("/moderator/orders");
    await page.getByTestId("print-documents").locator("summary").click();
    for (const o of [first, second]) {
      await page.getByLabel(translate("en", "documents.selectOrder", { orderNumber: o.orderNumber })).check();
    }
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByTestId("print-slips-labels").click(),
    ]);
    const { text } = await downloadedPdf(download);
    expect(count(text, "Shipping label")).toBe(2);
    expect(text).toContain(first.orderNumber);
    expect(text).toContain(second.orderNumber);
    await context.close();
  });
});
