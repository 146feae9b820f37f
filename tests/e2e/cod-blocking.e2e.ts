/**
 * Issue 16 in the browser, in English and Arabic: staff block a phone number (written in its
 * international form) on the Blocked customers screen; a guest who then checks out with cash on
 * delivery and that phone in its local form is refused, and the reason stays on the checkout page
 * beside the order button. Staff then see the phone in the list and can lift the block. Staff also
 * cancel an order as refused at delivery in All Orders (the reason dialog) and see the record count it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { translate } from "@core/i18n";
import { accessibilityViolations, baseUrl, failOnConsoleErrors, newContext } from "./support/browser";
import { call, clearStagedProduct, stageProduct } from "./support/shop-data";
import { addToCart, fillShippingAddress } from "./support/shopper";
import { orderPayload } from "../support/order-payload";

let browser: Browser;
let token: string;
let productId: string;

beforeAll(async () => {
  ({ browser, token, productId } = await stageProduct("BLOCK"));
});
afterAll(() => clearStagedProduct({ browser, token, productId }));

async function expectToast(page: Page, text: string) {
  await page.locator("[data-sonner-toast]", { hasText: text }).first().waitFor({ state: "visible", timeout: 10_000 });
}

async function staffPage(lang: "en" | "ar") {
  const context = await newContext(browser, { lang });
  await context.addCookies([
    { name: "access_token", value: token, url: baseUrl(), httpOnly: true, sameSite: "Strict" },
  ]);
  return { context, page: await context.newPage() };
}

/** A guest puts the tunic in the cart and goes through checkout with cash on delivery and this phone. */
async function guestCheckout(page: Page, phone: string) {
  await page.goto(`/product/${productId}`);
  await page.getByTestId("add-to-cart").waitFor();
  await page.waitForLoadState("networkidle");
  await addToCart(page, { size: "M", cartCount: 1 });
  await page.goto("/checkout?guest=1");
  await page.getByTestId("checkout-continue").click();
  await fillShippingAddress(
    page,
    {
      firstName: "Nour",
      lastName: "Said",
      email: `blocked-${phone}@e2e.test`,
      phone,
      street: "Tahrir St",
      building: "3",
      floor: "2",
      apartment: "5",
      city: "Cairo",
    },
    "Cairo",
  );
  await page.getByTestId("checkout-continue").click();
  await page.locator("input[value='Cash on Delivery']").check();
  await page.getByTestId("checkout-continue").click();
  await page.getByTestId("place-order").click();
}

/** A guest's cash order through the API, with its own phone. */
async function guestCashOrder(phone: string): Promise<string> {
  const { order } = await call<{ order: { orderNumber: string } }>("/order/guest", {
    body: orderPayload([{ productId, quantity: 1, color: "#1f2937" }], {
      firstName: "Hala",
      lastName: "Fathy",
      email: `refuser-${phone}@e2e.test`,
      phone,
    }),
  });
  return order.orderNumber;
}

describe.each(["en", "ar"] as const)("a blocked phone at checkout, in %s", (lang) => {
  it("staff block a phone; a guest with it in another writing is refused at checkout with the reason shown", async () => {
    const local = `012${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;
    const international = `+20 ${local.slice(1, 4)} ${local.slice(4, 7)} ${local.slice(7)}`;

    // Staff block it on the Blocked customers screen (reached from the staff menu).
    const staff = await staffPage(lang);
    const errors = failOnConsoleErrors(staff.page);
    await staff.page.goto("/moderator/customer-blocks");
    await staff.page.getByTestId("customer-blocks-screen").waitFor();
    await staff.page.waitForLoadState("networkidle");
    await staff.page.getByTestId("block-kind").selectOption("phone");
    await staff.page.getByTestId("block-value").fill(international);
    await staff.page.getByTestId("block-note").fill("Refused two parcels");
    await staff.page.getByTestId("block-submit").click();
    await expectToast(staff.page, translate(lang, "customers.blocked"));
    // Listed under its normalised form, the one every writing of it maps to.
    const row = staff.page.locator(`[data-testid="block-row"][data-value="${local}"]`);
    await row.waitFor();
    expect(await row.innerText()).toContain("Refused two parcels");
    expect(await accessibilityViolations(staff.page)).toEqual([]);

    // A guest with the phone in its local form: refused, and told why on the checkout page.
    const guest = await newContext(browser, { lang });
    const page = await guest.newPage();
    const guestErrors = failOnConsoleErrors(page);
    await guestCheckout(page, local);
    const refusal = page.getByTestId("cod-refusal");
    await refusal.waitFor();
    expect(await refusal.innerText()).toBe(translate(lang, "customers.blockedCod"));
    expect(await refusal.getAttribute("role")).toBe("alert");
    // Still on the checkout's last step (not sent to /unauthorized), with the cart kept.
    expect(new URL(page.url()).pathname).toBe("/checkout");
    await expect.poll(() => page.getByTestId("place-order").isEnabled()).toBe(true);
    expect(guestErrors.filter((e) => !/status of 403/.test(e))).toEqual([]);
    await guest.close();

    // Staff lift the block.
    await row.getByTestId("block-remove").click();
    await staff.page.getByTestId("confirm-button").click();
    await expectToast(staff.page, translate(lang, "customers.unblocked"));
    await expect.poll(() => row.count()).toBe(0);
    expect(errors).toEqual([]);
    await staff.context.close();
  });

  it("staff cancel an order as refused at delivery, and the customer's record counts the refusal", async () => {
    const phone = `015${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;
    const orderNumber = await guestCashOrder(phone);
    const staff = await staffPage(lang);
    const errors = failOnConsoleErrors(staff.page);
    await staff.page.goto("/moderator/orders");
    await staff.page.getByTestId("order-search").fill(orderNumber);
    await staff.page.getByTestId("order-search").press("Enter");
    const row = staff.page.locator(`[data-testid="order-row"][data-order-number="${orderNumber}"]`);
    await row.waitFor();
    await staff.page.waitForLoadState("networkidle");
    expect(await row.getByTestId("record-refused").innerText()).toBe(
      translate(lang, "customers.recordRefused", { n: 0 }),
    );

    // Choosing Cancelled asks why; pressing the button without a reason asks for one.
    await row.getByTestId("order-status").selectOption("Cancelled");
    const form = staff.page.getByTestId("cancel-reason-form");
    await form.waitFor();
    await form.getByTestId("cancel-reason-confirm").click();
    await form
      .getByRole("alert")
      .filter({ hasText: translate(lang, "customers.reasonInvalid") })
      .waitFor();
    expect(await row.getByTestId("order-status").inputValue()).toBe("Processing");
    await form.getByTestId("cancel-reason-refused").check();
    await form.getByTestId("cancel-reason-confirm").click();
    await expectToast(staff.page, translate(lang, "staff.statusUpdated"));
    await expect
      .poll(() => row.getByTestId("order-cancel-reason").innerText())
      .toBe(translate(lang, "customers.reason.refused"));
    await expect
      .poll(() => row.getByTestId("record-refused").innerText())
      .toBe(translate(lang, "customers.recordRefused", { n: 1 }));
    expect(errors).toEqual([]);
    await staff.context.close();
  });
});
