/** Contact and the static pages (issue 5, item 6), in Chromium, in English and Arabic. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import fs from "node:fs";
import { createRequire } from "node:module";
import { failOnConsoleErrors, latestMailTo, launchBrowser, newContext } from "./support/browser";

const SHOP_EMAIL = "hello@azya.eg";
const PDF = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/**
 * axe-core's serious and critical findings inside this content (the shared header and footer
 * are checked by the shell's own tests), with the offending elements so a failure says where.
 */
async function accessibilityViolations(page: Page, selector: string) {
  const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
  await page.evaluate(axeSource);
  return page.evaluate(async (include) => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            ctx: unknown,
            o: object,
          ) => Promise<{ violations: { id: string; impact: string; nodes: { html: string }[] }[] }>;
        };
      }
    ).axe;
    const result = await axe.run({ include: [include] }, { resultTypes: ["violations"] });
    return result.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => ({ id: v.id, nodes: v.nodes.map((n) => n.html.slice(0, 200)) }));
  }, selector);
}

/** Counts the attachment uploads the page sends. */
function countUploads(page: Page) {
  const seen = { n: 0 };
  page.on("request", (r) => {
    if (r.url().includes("/api/uploads/contact")) seen.n++;
  });
  return seen;
}

describe("contact page", () => {
  it("sends a message with a PDF attachment to the shop's mailbox and clears the form", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const errors = failOnConsoleErrors(page);
    await page.goto("/contact");
    await expect(page.getByRole("heading", { level: 1, name: "Contact us" }).isVisible()).resolves.toBe(true);
    await expect(page.getByTestId("contact-details").getByRole("link", { name: SHOP_EMAIL }).isVisible()).resolves.toBe(
      true,
    );

    const note = `Where is my order? ${Date.now()}`;
    await page.getByLabel("Full name").fill("Salma Adel");
    await page.getByLabel("Phone").fill("01012345678");
    await page.getByLabel("Email").fill("salma@example.com");
    await page.getByLabel("Type of message").selectOption("Support");
    await page.getByRole("textbox", { name: "Message" }).fill(note);
    await page
      .getByTestId("contact-files")
      .setInputFiles({ name: "receipt.pdf", mimeType: "application/pdf", buffer: PDF });
    await page.getByText("Attached").waitFor();
    await page.getByRole("button", { name: "Send message" }).click();
    await page.getByText("Your message has been sent. We will get back to you soon.").waitFor();
    await expect.poll(() => page.getByLabel("Full name").inputValue()).toBe("");
    expect(await page.getByRole("textbox", { name: "Message" }).inputValue()).toBe("");
    expect(await page.getByText("receipt.pdf").count()).toBe(0);

    const mail = await latestMailTo(SHOP_EMAIL);
    expect(mail).toContain(note);
    expect(mail).toContain("Contact (Support) from Salma Adel");
    expect(mail).toMatch(/Content-Type: application\/pdf;?\s*name=attachment-1\.pdf/i);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("refuses a forbidden type and a file of 5 MB before uploading, in Arabic, and the server refuses a disguised file", async () => {
    const context = await newContext(browser, { lang: "ar" });
    const page = await context.newPage();
    const uploads = countUploads(page);
    await page.goto("/contact");
    const input = page.getByTestId("contact-files");
    const error = page.getByTestId("contact-files-error");

    await input.setInputFiles({ name: "setup.exe", mimeType: "application/x-msdownload", buffer: Buffer.from("MZ") });
    await expect.poll(() => error.textContent()).toBe("نوع الملف غير مدعوم");
    await input.setInputFiles({
      name: "scan.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.concat([PDF, Buffer.alloc(5 * 1024 * 1024)]),
    });
    await expect.poll(() => error.textContent()).toBe("يجب أن يكون حجم الملف أقل من 5 ميجابايت");
    expect(uploads.n).toBe(0);

    // Named like a PDF, but it is a web page: the server reads the content and refuses it.
    await input.setInputFiles({
      name: "invoice.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from("<html><body>hi</body></html>"),
    });
    await expect.poll(() => error.textContent()).toBe("نوع الملف غير مدعوم");
    expect(uploads.n).toBe(1);
    await context.close();
  });

  it("shows the form's messages for missing fields, in English", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto("/contact");
    await page.getByRole("button", { name: "Send message" }).click();
    await page.getByText("Full name is required").waitFor();
    await expect(page.getByText("Please choose the type of message").isVisible()).resolves.toBe(true);
    await expect(page.getByText("Message is required").isVisible()).resolves.toBe(true);
    await page.getByLabel("Phone").fill("not a phone");
    await page.getByRole("button", { name: "Send message" }).click();
    await page.getByText("Phone must be a number").waitFor();
    expect(await accessibilityViolations(page, "[data-testid=contact-page]")).toEqual([]);
    await context.close();
  });
});

describe("static pages", () => {
  const pages = [
    ["/about", "About Azya", "عن أزياء"],
    ["/privacy-policy", "Privacy policy", "سياسة الخصوصية"],
    ["/terms-service", "Terms of service", "شروط الخدمة"],
    ["/refund-policy", "Refund policy", "سياسة الاسترجاع"],
    ["/shipping-policy", "Shipping policy", "سياسة الشحن"],
  ] as const;

  it("shows each page in English with its title, date and collapsible sections", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const errors = failOnConsoleErrors(page);
    for (const [path, title] of pages) {
      await page.goto(path);
      expect(await page.title()).toBe(`${title} | Azya`);
      await expect(page.getByRole("heading", { level: 1, name: title }).isVisible()).resolves.toBe(true);
      await expect(page.getByText("Last updated 10 Mar 2025").isVisible()).resolves.toBe(true);
      const second = page.locator("details").nth(1);
      expect(await second.getAttribute("open")).toBeNull();
      await second.locator("summary").click();
      expect(await second.getAttribute("open")).not.toBeNull();
      expect(await accessibilityViolations(page, "article")).toEqual([]);
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it("states the return and delivery facts", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto("/refund-policy");
    const refund = await page.locator("article").textContent();
    expect(refund).toContain("within 14 days from the day it was delivered");
    expect(refund).toContain("up to 14 days");
    expect(refund).toContain("refunded in cash or by mobile wallet");
    expect(refund).toContain("within three business days");
    await page.goto("/shipping-policy");
    const shipping = await page.locator("article").textContent();
    expect(shipping).toContain("Deliveries are made on business days, Monday to Saturday.");
    expect(shipping).toContain("Saturday to Thursday, 10:00 to 22:00");
    await context.close();
  });

  it("shows each page in Arabic, right to left", async () => {
    const context = await newContext(browser, { lang: "ar" });
    const page = await context.newPage();
    for (const [path, , titleAr] of pages) {
      await page.goto(path);
      expect(await page.getAttribute("html", "dir")).toBe("rtl");
      await expect(page.getByRole("heading", { level: 1, name: titleAr }).isVisible()).resolves.toBe(true);
      await expect(page.getByText("آخر تحديث 10 مارس 2025").isVisible()).resolves.toBe(true);
    }
    expect(await accessibilityViolations(page, "article")).toEqual([]);
    await context.close();
  });
});
