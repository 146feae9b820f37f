/**
 * Issue 11 item 8, through the API: 10 KB in any one field of any JSON form answers 400 with a
 * message in the caller's language, never 500; so do 10 KB in every field at once.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../support/test-app";
import { signedIn } from "../support/factories";
import { leaves, SAMPLES, withValue } from "../support/validation-samples";

let t: TestApp;
const auth: Record<string, Record<string, string>> = { public: {} };
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_SCALE: "1000" } });
  auth.user = (await signedIn(t.deps.db, "user")).headers;
  auth.staff = (await signedIn(t.deps.db, "admin")).headers;
});
afterAll(() => t.close());

const ROUTES: { method: "POST" | "PUT"; url: string; sample: string; as: "public" | "user" | "staff" }[] = [
  { method: "POST", url: "/api/createUser", sample: "signUpInput", as: "public" },
  { method: "POST", url: "/api/login", sample: "logInInput", as: "public" },
  { method: "POST", url: "/api/activateUser", sample: "activateInput", as: "public" },
  { method: "POST", url: "/api/checkemail", sample: "checkEmailInput", as: "public" },
  { method: "POST", url: "/api/resetpassword", sample: "resetPasswordInput", as: "public" },
  { method: "PUT", url: "/api/preferences", sample: "preferencesInput", as: "public" },
  { method: "POST", url: "/api/sendmessage", sample: "contactInput", as: "public" },
  { method: "POST", url: "/api/order/guest", sample: "orderInput", as: "public" },
  { method: "PUT", url: "/api/updateuser", sample: "updateProfileInput", as: "user" },
  { method: "POST", url: "/api/cart", sample: "addToCartInput", as: "user" },
  { method: "PUT", url: "/api/cart", sample: "updateCartInput", as: "user" },
  { method: "POST", url: "/api/posts", sample: "postInput", as: "user" },
  { method: "POST", url: "/api/products", sample: "productCreateInput", as: "staff" },
  { method: "POST", url: "/api/promos", sample: "bannerInput", as: "staff" },
  { method: "POST", url: "/api/headlines", sample: "headlineInput", as: "staff" },
  { method: "POST", url: "/api/shipping", sample: "shippingOptionInput", as: "staff" },
  { method: "PUT", url: "/api/shipping/additional", sample: "additionalCostInput", as: "staff" },
  { method: "POST", url: "/api/discounts", sample: "discountInput", as: "staff" },
  { method: "POST", url: "/api/promocodes", sample: "promoCodeInput", as: "staff" },
];

const TEN_KB = "x".repeat(10 * 1024);
const GENERIC = ["An error occurred", "حدث خطأ"];

function spoilAll(value: unknown): unknown {
  return leaves(value).reduce((acc, path) => withValue(acc, path, TEN_KB), value);
}

describe("10 KB in a field of every form", () => {
  it("answers 400 with a message for each field alone, never 500", async () => {
    const wrong: string[] = [];
    for (const route of ROUTES) {
      for (const path of leaves(SAMPLES[route.sample])) {
        const res = await t.app.inject({
          method: route.method,
          url: route.url,
          payload: withValue(SAMPLES[route.sample], path, TEN_KB) as object,
          headers: auth[route.as],
        });
        const message = res.json().message as unknown;
        if (res.statusCode !== 400 || typeof message !== "string" || !message || GENERIC.includes(message)) {
          wrong.push(`${route.method} ${route.url} ${path.join(".")}: ${res.statusCode} ${String(message)}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it("answers 400 in Arabic with 10 KB in every field at once", async () => {
    for (const route of ROUTES) {
      const res = await t.app.inject({
        method: route.method,
        url: route.url,
        payload: spoilAll(SAMPLES[route.sample]) as object,
        headers: { ...auth[route.as], cookie: [auth[route.as]!.cookie, "lang=ar"].filter(Boolean).join("; ") },
      });
      expect(res.statusCode, route.url).toBe(400);
      expect(res.json().message, route.url).toMatch(/[\u0600-\u06ff]/);
    }
  });
});
