/**
 * Issue 17 §2–§3 in the browser, in English and Arabic: a customer asks for a size exchange on a
 * delivered order; staff approve it (the new size ships as a no-charge order), mark it received,
 * and print the labels of two orders (the original and its exchange) from All Orders. The
 * customer's order page shows the request's state. Also: a guest downloads the invoice from the
 * tracking view with the order's phone.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext } from "playwright-core";
import { translate } from "@core/i18n";
import { accessibilityViolations, baseUrl, downloadedPdf, failOnConsoleErrors, newContext } from "./support/browser";
import { call, clearStagedProduct, stageProduct } from "./support/shop-data";
import { orderPayload } from "../support/order-payload";

let browser: Browser;
let token: string;
let productId: string;
const COLOR = "#1f2937";

beforeAll(async () => {
  ({ browser, token, productId } = await stageProduct("RET"));
});
afterAll(() => clearStagedProduct({ browser, token, productId }));

/** A cash order of one M tunic; the guest's invoice test types its phone. */
const orderBody = (firstName: string) =>
  orderPayload([{ productId, quantity: 1, color: COLOR }], { firstName, lastName: "Adel", phone: "01012345678" });

/** A cash order of the admin's own (so it is on the admin's /orders), confirmed and delivered by staff. */
async function deliveredOrder(firstName: string): Promise<{ _id: string; orderNumber: string }> {
  const { order } = await call<{ order: { _id: string; orderNumber: string } }>("/order", {
    token,
    body: orderBody(firstName),
  });
  await call(`/moderator/orders/${order._id}/confirm`, { method: "PUT", token });
  await call(`/moderator/orders/${order._id}/status`, { method: "PUT", token, body: { status: "Delivered" } });
  return order;
}

async function signedIn(lang: "en" | "ar", width?: number): Promise<BrowserContext> {
  const context = await newContext(browser, { lang, width });
  await context.addCookies([
    { name: "access_token", value: token, url: baseUrl(), httpOnly: true, sameSite: "Strict" },
  ]);
  return context;
}

describe.each(["en", "ar"] as const)("returns and exchanges, in %s", (lang) => {
  it("a customer asks for a size exchange; staff approve, receive and print the labels of both orders", async () => {
    const order = await deliveredOrder(lang === "en" ? "Salma" : "Nour");
    const context = await signedIn(lang);
    const page = await context.newPage();

    // The customer: My Orders → Return or exchange → another size.
    await page.goto("/orders");
    const card = page.locator(`[data-testid="order-card"][data-order-number="${order.orderNumber}"]`);
    await card.getByTestId("ask-return").click();
    const form = page.getByTestId("return-form");
    await form.waitFor();
    await form.getByTestId("return-kind-exchange").check();
    await form.getByTestId("return-line-check").first().check();
    await form.getByTestId("return-pair").selectOption(`S|${COLOR}`);
    await form.getByTestId("return-reason").selectOption("size_too_small");
    await form.getByLabel(translate(lang, "returns.note")).fill(lang === "en" ? "Too tight" : "ضيق");
    await form.getByTestId("return-submit").click();
    await expect.poll(() => page.getByText(translate(lang, "returns.requested")).count()).toBeGreaterThan(0);
    const state = card.getByTestId("return-state");
    await expect.poll(() => state.getAttribute("data-state")).toBe("open");
    expect(await state.innerText()).toContain(translate(lang, "returns.state.open"));

    // Staff: the open requests, approve (the new size ships as its own order), then receive.
    await page.goto("/moderator/returns?state=open");
    const request = page.locator(`[data-testid="return-card"][data-order-number="${order.orderNumber}"]`);
    expect(await request.getByTestId("return-exchange-to").innerText()).toContain(
      translate(lang, "returns.exchangeTo", { size: "S" }),
    );
    await request.getByTestId("return-approve").click();
    await expect.poll(() => request.getAttribute("data-state")).toBe("approved");
    const exchangeText = await request.getByTestId("return-exchange-order").innerText();
    const exchangeNumber = exchangeText.match(/ORD-\d+/)![0];
    await request.getByTestId("return-receive").click();
    await expect.poll(() => request.getAttribute("data-state")).toBe("received");
    expect(await request.getByTestId("return-card-state").innerText()).toBe(translate(lang, "returns.state.received"));

    // Staff print the original's and the exchange's labels in one file.
    const { orders } = await call<{ orders: { _id: string; orderNumber: string }[] }>(
      `/moderator/orders?search=${exchangeNumber}`,
      { token },
    );
    expect(orders[0]!.orderNumber).toBe(exchangeNumber);
    await page.goto("/moderator/orders");
    await page.getByTestId("print-documents").locator("summary").click();
    for (const n of [order.orderNumber, exchangeNumber]) {
      await page.getByLabel(translate(lang, "documents.selectOrder", { orderNumber: n })).check();
    }
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByTestId("print-slips-labels").click(),
    ]);
    const { bytes, text } = await downloadedPdf(download);
    expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(text.split(translate(lang, "documents.shippingLabel")).length - 1).toBe(2);
    expect(text).toContain(order.orderNumber);
    expect(text).toContain(exchangeNumber);

    // The customer's order page shows where the request stands, and the exchange order.
    await page.goto("/orders");
    await expect.poll(() => card.getByTestId("return-state").getAttribute("data-state")).toBe("received");
    expect(await card.getByTestId("exchange-order").innerText()).toContain(exchangeNumber);
    const exchangeCard = page.locator(`[data-testid="order-card"][data-order-number="${exchangeNumber}"]`);
    expect(await exchangeCard.getByTestId("exchange-of").innerText()).toContain(order.orderNumber);
    await context.close();
  });
});

describe("on a 360 px phone", () => {
  it.each(["en", "ar"] as const)(
    "the request form and the staff screen fit, with no serious axe finding (%s)",
    async (lang) => {
      const order = await deliveredOrder("Dina");
      const context = await signedIn(lang, 360);
      const page = await context.newPage();
      const errors = failOnConsoleErrors(page);
      const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      await page.goto("/orders");
      const card = page.locator(`[data-testid="order-card"][data-order-number="${order.orderNumber}"]`);
      await card.getByTestId("ask-return").click();
      const form = page.getByTestId("return-form");
      await form.getByTestId("return-line-check").first().check();
      await form.getByTestId("return-pair").waitFor();
      expect(await overflow()).toBeLessThanOrEqual(0);
      expect(await accessibilityViolations(page)).toEqual([]);
      // Sending without a reason says so beside the field; nothing typed is lost.
      await form.getByTestId("return-pair").selectOption(`S|${COLOR}`);
      await form.getByTestId("return-submit").click();
      await form.getByText(translate(lang, "returns.reasonRequired")).waitFor();
      expect(await form.getByTestId("return-pair").inputValue()).toBe(`S|${COLOR}`);

      await page.goto("/moderator/returns");
      await page.getByTestId("return-card").first().waitFor();
      expect(await overflow()).toBeLessThanOrEqual(0);
      expect(await accessibilityViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    },
  );
});

describe("a guest on the tracking view", () => {
  it.each(["en", "ar"] as const)("downloads the invoice with the order's phone (%s)", async (lang) => {
    const { order } = await call<{ order: { orderNumber: string } }>("/order/guest", { body: orderBody("Hana") });
    const context = await newContext(browser, { lang });
    const page = await context.newPage();
    await page.goto(`/orders?on=${order.orderNumber}`);
    const form = page.getByTestId("guest-invoice");
    await form.getByLabel(translate(lang, "documents.phone")).fill("01012345678");
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      form.getByRole("button", { name: translate(lang, "documents.downloadInvoice") }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`invoice-${order.orderNumber}.pdf`);
    const { bytes, text } = await downloadedPdf(download);
    expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(text).toContain(translate(lang, "documents.invoiceTitle"));
    expect(text).toContain(order.orderNumber);
    await context.close();
  });
});
