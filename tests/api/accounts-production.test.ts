/** In production the session cookie is also Secure (DESIGN.md §1). */
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../support/test-app";
import { activeAccountViaApi, logInViaApi } from "../support/account-factories";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { NODE_ENV: "production", PUBLIC_URL: "https://shop.example" } });
});
afterAll(() => t.close());

it("marks the session cookie Secure, HttpOnly and SameSite=Strict in production", async () => {
  const account = await activeAccountViaApi(t);
  const res = await logInViaApi(t, account.email);
  const cookie = res.cookies.find((c) => c.name === "access_token")!;
  expect(cookie).toMatchObject({ secure: true, httpOnly: true, sameSite: "Strict", path: "/" });
  const logout = await t.app.inject({ method: "POST", url: "/api/logout", headers: account.headers });
  expect(logout.cookies.find((c) => c.name === "access_token")).toMatchObject({ value: "", secure: true, path: "/" });
});
