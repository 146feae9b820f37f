/**
 * Issue 16 in the browser, in English and Arabic: a guest places a cash-on-delivery order, reads the
 * code from the SMS outbox (DATA_DIR/outbox/*.sms.txt) and confirms it on the tracking page; staff
 * confirm another order with one click in All Orders, filtered to those awaiting confirmation.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import fs from "node:fs";
import path from "node:path";
import { inject } from "vitest";
import { translate } from "@core/i18n";
import { accessibilityViolations, baseUrl, failOnConsoleErrors, newContext, signedInContext } from "./support/browser";
import { clearStagedProduct, stageProduct } from "./support/shop-data";
import { orderPayload } from "../support/order-payload";

let browser: Browser;
let token: string;
let productId: string;

beforeAll(async () => {
  ({ browser, token, productId } = await stageProduct("COD"));
});
afterAll(() => clearStagedProduct({ browser, token, productId }));

/** A guest's cash order with its own phone number, so its SMS is found among the others. */
async function guestCashOrder(lang: "en" | "ar"): Promise<{ orderNumber: string; phone: string }> {
  const phone = `011${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;
  const res = await fetch(`${baseUrl()}/api/order/guest`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie: `lang=${lang}` },
    body: JSON.stringify(
      orderPayload([{ productId, quantity: 1, color: "#1f2937" }], {
        lastName: "Adel",
        email: `cod-${phone}@example.com`,
        phone,
      }),
    ),
  });
  expect(res.status).toBe(201);
  const { order } = (await res.json()) as { order: { orderNumber: string; confirmation: string } };
  expect(order.confirmation).toBe("pending");
  return { orderNumber: order.orderNumber, phone };
}

/** The code in the text message the server wrote for that number (the job runs within a second or so). */
async function codeFromSmsOutbox(phone: string): Promise<string> {
  const dir = path.join(inject("dataDir"), "outbox");
  const international = `+2${phone}`;
  const deadline = Date.now() + 15_000;
  for (;;) {
    const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith(".sms.txt")) : [];
    for (const f of files) {
      const text = fs.readFileSync(path.join(dir, f), "utf8");
      if (text.startsWith(`To: ${international}\n`)) return /\b(\d{6})\b/.exec(text)![1]!;
    }
    if (Date.now() > deadline) throw new Error(`no SMS to ${international}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function expectToast(page: Page, text: string) {
  await page.locator("[data-sonner-toast]", { hasText: text }).first().waitFor({ state: "visible", timeout: 10_000 });
}

describe.each(["en", "ar"] as const)("cash-on-delivery confirmation, in %s", (lang) => {
  it("a guest confirms the order on the tracking page with the code from the SMS", async () => {
    const { orderNumber, phone } = await guestCashOrder(lang);
    const code = await codeFromSmsOutbox(phone);
    const sms = fs
      .readdirSync(path.join(inject("dataDir"), "outbox"))
      .map((f) => fs.readFileSync(path.join(inject("dataDir"), "outbox", f), "utf8"))
      .find((text) => text.startsWith(`To: +2${phone}\n`))!;
    expect(sms).toContain(translate(lang, "cod.sms", { orderNumber, code, total: "" }).split(code)[0]);

    const context = await newContext(browser, { lang });
    const page = await context.newPage();
    const errors = failOnConsoleErrors(page);
    await page.goto(`/orders?on=${orderNumber}`);
    const card = page.locator(`[data-testid="order-card"][data-order-number="${orderNumber}"]`);
    await card.waitFor();
    expect(await card.getByTestId("confirmation-status").getAttribute("data-confirmation")).toBe("pending");
    expect(await accessibilityViolations(page)).toEqual([]);

    // A wrong code first: the reason shows beside the field.
    const field = card.getByLabel(translate(lang, "cod.codeLabel"));
    await field.fill(code === "000000" ? "111111" : "000000");
    await card.getByTestId("confirm-order-button").click();
    await card
      .getByRole("alert")
      .filter({ hasText: translate(lang, "cod.wrongCode", { left: 4 }) })
      .waitFor();

    await field.fill(code);
    await card.getByTestId("confirm-order-button").click();
    await expectToast(page, translate(lang, "cod.confirmed"));
    await expect
      .poll(() => card.getByTestId("confirmation-status").getAttribute("data-confirmation"))
      .toBe("confirmed");
    expect(await card.getByTestId("confirm-order").count()).toBe(0);
    expect(errors.filter((e) => !e.includes("400"))).toEqual([]);
    await context.close();
  });

  it("staff confirm an order after a call with one click in All Orders", async () => {
    const { orderNumber } = await guestCashOrder(lang);
    const context = await signedInContext(browser, token, { lang });
    const page = await context.newPage();
    await page.goto("/moderator/orders");
    await page.getByTestId("filter-awaiting").check();
    const row = page.locator(`[data-testid="order-row"][data-order-number="${orderNumber}"]`);
    await row.waitFor();
    // Shipping it before the confirmation is refused.
    await row.getByTestId("order-status").selectOption("Shipped");
    await expectToast(page, translate(lang, "cod.confirmFirst"));
    await expect.poll(() => row.getByTestId("order-status").inputValue()).toBe("Processing");

    await row.getByTestId("order-confirm").click();
    await expectToast(page, translate(lang, "cod.staffConfirmed"));
    await expect.poll(() => row.getByTestId("confirmation-status").getAttribute("data-confirmation")).toBe("confirmed");
    await row.getByTestId("order-status").selectOption("Shipped");
    await expectToast(page, translate(lang, "staff.statusUpdated"));
    await context.close();
  });
});
