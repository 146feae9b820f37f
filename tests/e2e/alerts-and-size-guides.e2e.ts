/**
 * Issue 15, parts 5 and 6, in English and Arabic: a shopper leaves an address on a sold-out product
 * and staff see it waiting; the size guide opens in an accessible dialog, right to left in Arabic;
 * staff keep the guide on their own screen.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { translate } from "@core/i18n";
import {
  accessibilityViolations,
  failOnConsoleErrors,
  launchBrowser,
  newContext,
  signedInContext,
} from "./support/browser";
import { adminToken, apiRequest, createProduct } from "./support/shop-data";
import { demoSizeGuides } from "@server/db/seed/demo-size-guides";

let browser: Browser;
let token: string;
beforeAll(async () => {
  browser = await launchBrowser();
  token = await adminToken();
});
afterAll(async () => {
  await browser?.close();
});

const staffContext = (lang: "en" | "ar") => signedInContext(browser, token, { lang });

async function openProduct(page: Page, id: string) {
  await page.goto(`/product/${id}`);
  await page.waitForLoadState("networkidle");
}

describe.each(["en", "ar"] as const)("back-in-stock alerts and size guides, in %s", (lang) => {
  const t = (key: string, vars?: Record<string, string | number>) => translate(lang, key, vars);

  it("takes an address on a sold-out product, and staff see one shopper waiting for that size", async () => {
    const product = await createProduct(token, `bis${lang}`, { stock: 0 });
    const context = await newContext(browser, { lang });
    const page = await context.newPage();
    const errors = failOnConsoleErrors(page);
    await openProduct(page, product._id);

    const form = page.getByTestId("back-in-stock");
    await expect(form.getByRole("heading", { name: t("alerts.formTitle") }).isVisible()).resolves.toBe(true);
    // With two sizes and none chosen, the form says to choose one first.
    expect(await page.getByTestId("back-in-stock-submit").isDisabled()).toBe(true);
    await page.getByTestId("size-picker").getByText("M", { exact: true }).click();
    const email = form.getByLabel(t("alerts.emailLabel"));
    await email.fill("not-an-email");
    await page.getByTestId("back-in-stock-submit").click();
    await form.getByRole("alert").getByText(t("validation.emailInvalid")).waitFor();
    await email.fill(`waiting-${lang}@example.com`);
    await page.getByTestId("back-in-stock-submit").click();
    await page.getByTestId("back-in-stock-done").getByText(t("alerts.subscribed")).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();

    const waiting = await apiRequest<{ variants: { size: string; color: string; waiting: number }[] }>(
      `/back-in-stock/waiting?productId=${product._id}`,
      { token },
    );
    expect(waiting.body.variants).toEqual([expect.objectContaining({ size: "M", color: "#1f2937", waiting: 1 })]);

    const staff = await staffContext(lang);
    const screen = await staff.newPage();
    await screen.goto("/moderator/restock-alerts");
    const row = screen.getByTestId("restock-alerts-table").getByRole("row").filter({ hasText: product.code });
    await expect(row.getByTestId("waiting-count").textContent()).resolves.toBe("1");
    expect(await accessibilityViolations(screen)).toEqual([]);
    await staff.close();
  });

  it("opens the category's size guide in a dialog that keeps focus, reads right to left in Arabic, and closes with Escape", async () => {
    const product = await createProduct(token, `sg${lang}`, { category: "dresses" });
    const context = await newContext(browser, { lang });
    const page = await context.newPage();
    const errors = failOnConsoleErrors(page);
    await openProduct(page, product._id);

    const opener = page.getByTestId("size-guide-open");
    await opener.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", {
      name: t("sizeGuides.title", { category: t("common.category.dresses") }),
    });
    await dialog.waitFor();
    const table = dialog.getByTestId("size-guide-table");
    await table.waitFor();
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await expect(table.getByRole("columnheader", { name: t("sizeGuides.bust"), exact: false }).count()).resolves.toBe(
      1,
    );
    // The demo shop's dresses guide: every size its dresses come in, numbers in Latin digits.
    const sizes = await table.getByRole("rowheader").allTextContents();
    const seeded = demoSizeGuides().find((g) => g.category === "dresses")!;
    expect(sizes).toEqual(seeded.rows.map((r) => (r.size === "Free Size" ? t("common.freeSize") : r.size)));
    const firstRow = await table.getByRole("row").nth(1).getByRole("cell").allTextContents();
    for (const cell of firstRow) expect(cell).toMatch(/^\d+(\.\d)?$/);
    expect(await table.evaluate((el) => getComputedStyle(el).direction)).toBe(lang === "ar" ? "rtl" : "ltr");
    expect(await accessibilityViolations(page)).toEqual([]);

    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    // Radix hands focus back once the dialog has unmounted.
    await expect.poll(() => opener.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("opens the size guide from Quick View too, above the Quick View dialog", async () => {
    const product = await createProduct(token, `qv${lang}`, { category: "tops" });
    const context = await newContext(browser, { lang });
    const page = await context.newPage();
    await page.goto(`/shop?search=${encodeURIComponent(product.code)}`);
    await page.getByTestId("quick-view-button").first().click();
    const quickView = page.getByRole("dialog");
    await quickView.getByTestId("size-guide-open").click();
    const guide = page.getByRole("dialog", { name: t("sizeGuides.title", { category: t("common.category.tops") }) });
    await guide.getByTestId("size-guide-table").waitFor();
    await page.keyboard.press("Escape");
    await guide.waitFor({ state: "hidden" });
    // Escape closes the guide only; the Quick View it was opened from stays.
    await page.getByTestId("product-details").waitFor();
    await context.close();
  });

  it("lets staff change a category's guide, and shoppers read the change", async () => {
    const category = lang === "en" ? "skirts" : "pants";
    const staff = await staffContext(lang);
    const page = await staff.newPage();
    await page.goto("/moderator/size-guides");
    await page.getByTestId("size-guide-category").selectOption(category);
    const waist = page.getByLabel(`${t("sizeGuides.waist")} (${t("sizeGuides.unit")}), S`, { exact: true });
    await waist.fill("67.5");
    // Checked before saving: the toast's fade-in would read as low contrast mid-animation.
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByTestId("size-guide-save").click();
    await page.getByText(t("sizeGuides.saved")).first().waitFor();
    await staff.close();

    const read = await apiRequest<{ sizeGuide: { rows: { size: string; waist: number | null }[] } }>(
      `/size-guides/${category}`,
    );
    expect(read.body.sizeGuide.rows.find((r) => r.size === "S")?.waist).toBe(67.5);
  });
});
