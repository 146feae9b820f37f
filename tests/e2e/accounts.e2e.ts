/**
 * Accounts in Chromium (issue 2): sign up, activate with the e-mailed code, sign in, the account
 * page, Arabic and the dark theme, the guards, log out, forgot password, and the admin table.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import {
  accessibilityViolations,
  admin,
  baseUrl,
  failOnConsoleErrors,
  latestMailTo,
  launchBrowser,
  newContext,
} from "./support/browser";
import { call } from "./support/shop-data";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const PASSWORD = "Journey-pass-123";
const uniqueEmail = (tag: string) =>
  `${tag}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}@e2e.test`;

async function codeFromMail(email: string, after?: string): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const mail = await latestMailTo(email);
    const code = /(?:activate your account|choose a new password):\s+(\d{6})\s/.exec(mail)?.[1];
    if (code && code !== after) return code;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`No new code e-mailed to ${email}`);
}

/** axe-core once the toasts have gone (their colours are the toaster's, not this page's). */
async function pageViolations(page: Page) {
  await page.mouse.move(1, 1); // a hovered toast never times out
  await page.waitForFunction(() => !document.querySelector("[data-sonner-toast]"), null, { timeout: 20_000 });
  return accessibilityViolations(page);
}

async function expectToast(page: Page, text: string) {
  await page.locator("[data-sonner-toast]", { hasText: text }).first().waitFor({ state: "visible", timeout: 10_000 });
}

/** Signs up through the form and activates with the e-mailed code, leaving the sign-in tab open. */
async function signUpAndActivate(page: Page, email: string) {
  await page.goto("/auth");
  await page.getByRole("tab", { name: "Sign up" }).click();
  const form = page.getByTestId("sign-up-form");
  await form.locator("input[name=firstName]").fill("Salma");
  await form.locator("input[name=lastName]").fill("Adel");
  await form.locator("input[name=email]").fill(email);
  expect(await form.getByTestId("phone-country").inputValue()).toBe("EG");
  await form.locator("input[name=phone]").fill("01012345678");
  await form.locator("input[name=password]").fill(PASSWORD);
  await form.locator("input[name=confirmPassword]").fill(PASSWORD);
  await form.locator("input[name=terms]").check();
  await form.getByTestId("sign-up-submit").click();

  const dialog = page.getByRole("dialog", { name: "Activate your account" });
  await dialog.waitFor();
  // Resending is locked by the 60 s countdown.
  expect(await dialog.getByTestId("resend-button").isDisabled()).toBe(true);
  expect(await dialog.getByTestId("resend-button").textContent()).toMatch(/Resend code in \d+ s/);
  await dialog.locator("input[name=activationCode]").fill(await codeFromMail(email));
  await dialog.getByTestId("activate-button").click();
  await page.getByTestId("activation-done").waitFor();
  // After 3 s the page is back on /auth, signing in, with the address filled in.
  await dialog.waitFor({ state: "detached", timeout: 10_000 });
  expect(await page.getByRole("tab", { name: "Sign in" }).getAttribute("aria-selected")).toBe("true");
  expect(await page.getByTestId("sign-in-form").locator("input[name=email]").inputValue()).toBe(email);
}

async function signIn(page: Page, email: string, password = PASSWORD) {
  const form = page.getByTestId("sign-in-form");
  await form.locator("input[name=email]").fill(email);
  await form.locator("input[name=password]").fill(password);
  await form.getByTestId("sign-in-submit").click();
}

/** An active customer made through the API (sign-up, then the e-mailed code), for steps that need one. */
async function activeCustomer(tag: string): Promise<string> {
  const email = uniqueEmail(tag);
  const { UserID } = await call<{ UserID: string }>("/createUser", {
    body: { firstName: "Salma", lastName: "Adel", email, phone: "01012345678", password: PASSWORD },
  });
  await call("/activateUser", { body: { userId: UserID, activationCode: await codeFromMail(email) } });
  return email;
}

/** A fresh browser signed in as `email` through the sign-in form, in the given language. */
async function signedInPage(email: string, lang?: "en" | "ar") {
  const context = await newContext(browser, { lang });
  const page = await context.newPage();
  const errors = failOnConsoleErrors(page);
  await page.goto("/auth");
  await signIn(page, email);
  await page.waitForURL(`${baseUrl()}/`);
  await page.getByTestId("account-link").waitFor();
  return { context, page, errors };
}

// Each step makes the account and the browser state it needs, so none leans on another's leftovers.
describe("a customer's account", () => {
  let email: string;
  const open: BrowserContext[] = [];
  beforeAll(async () => {
    email = await activeCustomer("account");
  });
  afterAll(async () => {
    for (const c of open) await c.close();
  });
  const session = async (lang?: "en" | "ar") => {
    const s = await signedInPage(email, lang);
    open.push(s.context);
    return s;
  };

  it("signs up, activates with the code from the e-mail, and signs in", async () => {
    const context = await newContext(browser);
    open.push(context);
    const page = await context.newPage();
    const errors = failOnConsoleErrors(page);
    const fresh = uniqueEmail("journey");
    await signUpAndActivate(page, fresh);
    expect(await pageViolations(page)).toEqual([]);
    await signIn(page, fresh);
    await page.waitForURL(`${baseUrl()}/`);
    await page.getByTestId("account-link").waitFor();
    const cookie = (await context.cookies()).find((c) => c.name === "access_token")!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe("Strict");
    expect(errors).toEqual([]);
  });

  it("sees the account page with its header and three tabs", async () => {
    const { page } = await session();
    await page.getByTestId("account-link").click();
    await page.waitForURL(`${baseUrl()}/account`);
    expect(await page.getByTestId("account-name").textContent()).toBe("Salma Adel");
    for (const name of ["Personal Information", "Account Settings", "Preferences"]) {
      await page.getByRole("tab", { name }).waitFor();
    }
    await page.getByRole("link", { name: "My orders" }).waitFor();
    await page.getByRole("link", { name: "My wishlist" }).waitFor();
    const form = page.getByTestId("personal-info-form");
    expect(await form.locator("input[name=firstName]").inputValue()).toBe("Salma");
    expect(await form.locator("input[name=phone]").inputValue()).toBe("01012345678");
    expect(await pageViolations(page)).toEqual([]);
  });

  it("switches to Arabic: the page reloads right to left, in Arabic", async () => {
    const { page } = await session("en");
    await page.goto("/account");
    await page.getByRole("tab", { name: "Preferences" }).click();
    await Promise.all([page.waitForEvent("load"), page.getByTestId("lang-ar").click()]);
    await page.waitForFunction(() => document.documentElement.dir === "rtl");
    expect(await page.getAttribute("html", "lang")).toBe("ar");
    await page.getByRole("tab", { name: "المعلومات الشخصية" }).waitFor();
    await page.getByRole("tab", { name: "التفضيلات" }).waitFor();
  });

  it("switches to the dark theme, which survives a reload", async () => {
    const { page } = await session("ar");
    await page.goto("/account");
    await page.getByRole("tab", { name: "التفضيلات" }).click();
    await page.getByTestId("theme-dark").check();
    await page.waitForFunction(() => document.documentElement.classList.contains("dark"));
    await expectToast(page, "تم حفظ التفضيلات");
    await page.reload();
    expect(await page.getAttribute("html", "class")).toContain("dark");
    expect(await page.getAttribute("html", "dir")).toBe("rtl");
  });

  it("sends a signed-in customer on /admin/dashboard to /unauthorized", async () => {
    const { page } = await session();
    await page.goto("/admin/dashboard");
    await page.waitForURL(`${baseUrl()}/unauthorized`);
    await page.getByTestId("unauthorized").waitFor();
  });

  it("logs out: the session ends, the guest cart is forgotten, and /auth says so", async () => {
    const { page, context, errors } = await session("ar");
    await page.goto("/account");
    await page.evaluate(() =>
      window.localStorage.setItem("azya.guestCart", JSON.stringify([{ productId: "x", quantity: 1 }])),
    );
    await page.getByTestId("logout-button").click();
    await page.waitForURL(`${baseUrl()}/auth?logout=success`);
    expect(await page.getByTestId("logout-notice").textContent()).toBe("تم تسجيل الخروج");
    expect(await page.evaluate(() => window.localStorage.getItem("azya.guestCart"))).toBeNull();
    expect((await context.cookies()).find((c) => c.name === "access_token")).toBeUndefined();
    await page.goto("/account");
    await page.waitForURL(/\/auth\?redirect=%2Faccount$/);
    expect(errors).toEqual([]);
  });
});

describe("guards and sign-in messages", () => {
  it("sends a guest on /checkout to /auth with the sign-in message and the option to continue as a guest", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto("/checkout");
    await page.waitForURL(/\/auth\?redirect=%2Fcheckout$/);
    expect(await page.getByTestId("sign-in-required").textContent()).toBe("You need to sign in to continue");
    await page.getByTestId("continue-as-guest").click();
    await page.waitForURL(/\/checkout\?guest=1$/);
    await context.close();
  });

  it("sends a guest on /wishlist to /auth with the sign-in message, and back after signing in", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const errors = failOnConsoleErrors(page);
    const email = uniqueEmail("guard");
    await signUpAndActivate(page, email);

    await page.goto("/wishlist");
    await page.waitForURL(/\/auth\?redirect=%2Fwishlist$/);
    expect(await page.getByTestId("sign-in-required").textContent()).toBe("You need to sign in to continue");
    await signIn(page, email);
    await page.waitForURL(`${baseUrl()}/wishlist`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("answers a wrong password in the form without leaving the page", async () => {
    const context = await newContext(browser, { lang: "ar" });
    const page = await context.newPage();
    await page.goto("/auth");
    expect(await page.getAttribute("html", "dir")).toBe("rtl");
    await signIn(page, "nobody-here@e2e.test", "Wrong-pass-1");
    expect(await page.getByTestId("sign-in-error").textContent()).toBe("البريد الإلكتروني أو كلمة المرور غير صحيحة");
    await context.close();
  });

  const FORM_TEXT = {
    en: {
      signUp: "Sign up",
      fill: "Please fill all fields",
      email: "Email is not valid, please enter a valid email",
      match: "Passwords do not match",
      terms: "Please agree to the terms of service and privacy policy",
    },
    ar: {
      signUp: "إنشاء حساب",
      fill: "يرجى ملء جميع الحقول",
      email: "البريد الإلكتروني غير صالح، يرجى إدخال بريد إلكتروني صحيح",
      match: "كلمتا المرور غير متطابقتين",
      terms: "يرجى الموافقة على شروط الخدمة وسياسة الخصوصية",
    },
  } as const;

  it.each(["en", "ar"] as const)(
    "shows the spec's sign-up messages in the form (%s) and sends nothing",
    async (lang) => {
      const text = FORM_TEXT[lang];
      const context = await newContext(browser, { lang });
      const page = await context.newPage();
      let calls = 0;
      page.on("request", (r) => r.url().includes("/api/createUser") && calls++);
      await page.goto("/auth");
      await page.getByRole("tab", { name: text.signUp }).click();
      const form = page.getByTestId("sign-up-form");
      await form.getByTestId("sign-up-submit").click();
      expect(await form.getByTestId("sign-up-error").textContent()).toBe(text.fill);
      await form.locator("input[name=firstName]").fill("Salma");
      await form.locator("input[name=email]").fill("salma@example");
      await form.locator("input[name=phone]").fill("01012345678");
      await form.locator("input[name=password]").fill(PASSWORD);
      await form.locator("input[name=confirmPassword]").fill(`${PASSWORD}x`);
      await form.getByTestId("sign-up-submit").click();
      await form.getByText(text.email).waitFor();
      await form.getByText(text.match).waitFor();
      await form.getByText(text.terms).waitFor();
      expect(calls).toBe(0);
      await context.close();
    },
  );
});

describe("forgot password", () => {
  it("resets the password in three steps and returns to /auth", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const email = uniqueEmail("forgot");
    await signUpAndActivate(page, email);
    const activationCode = await codeFromMail(email);

    await page.getByRole("link", { name: "Forgot password?" }).click();
    await page.waitForURL(`${baseUrl()}/forgot-password`);
    await page.locator("input[name=email]").fill(email);
    await page.getByTestId("forgot-send-code").click();
    await page.locator("input[name=code]").fill(await codeFromMail(email, activationCode));
    await page.getByTestId("forgot-check-code").click();
    await page.locator("input[name=password]").fill("Brand-new-pass-9");
    await page.locator("input[name=confirmPassword]").fill("Brand-new-pass-8");
    await page.getByTestId("forgot-reset").click();
    await page.getByText("Passwords do not match").waitFor();
    await page.locator("input[name=confirmPassword]").fill("Brand-new-pass-9");
    await page.getByTestId("forgot-reset").click();
    await page.waitForURL(`${baseUrl()}/auth`);
    await signIn(page, email, "Brand-new-pass-9");
    await page.waitForURL(`${baseUrl()}/`);
    await context.close();
  });
});

describe("admin accounts", () => {
  it("finds a customer, bans and unbans them, and undoes a deletion from the toast", async () => {
    const customerContext = await newContext(browser);
    const customerPage = await customerContext.newPage();
    const email = uniqueEmail("managed");
    await signUpAndActivate(customerPage, email);
    await customerContext.close();

    const context = await newContext(browser);
    const page = await context.newPage();
    const errors = failOnConsoleErrors(page);
    await page.goto("/auth?redirect=%2Fadmin%2Faccounts");
    await signIn(page, admin().email, admin().password);
    await page.waitForURL(`${baseUrl()}/admin/accounts`);

    await page.getByTestId("accounts-search").fill(email);
    await page.waitForURL(/searchTerm=/);
    const row = page.getByTestId("account-row").filter({ hasText: email });
    await row.waitFor();
    await expect.poll(() => page.getByTestId("account-row").count()).toBe(1);

    await row.getByRole("button", { name: "Ban" }).click();
    await expectToast(page, "Account banned");
    await row.getByText("Banned").waitFor();
    await row.getByRole("button", { name: "Unban" }).click();
    await expectToast(page, "Account unbanned");
    await row.getByRole("button", { name: "Ban" }).waitFor();

    await row.getByRole("button", { name: "Delete" }).click();
    await expectToast(page, "Account deleted");
    await row.waitFor({ state: "detached" });
    await page
      .locator("[data-sonner-toast]", { hasText: "Account deleted" })
      .getByRole("button", { name: "Undo" })
      .click();
    await row.waitFor();
    expect(await pageViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
