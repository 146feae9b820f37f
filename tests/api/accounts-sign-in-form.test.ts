/**
 * Issue 13 (decision 200): the /auth sign-in form works without scripts through the page's route
 * action, which must be the API's sign-in in every way that matters: the same per-address rate
 * limit (one count: the form is not a way around the API, nor the API around the form), the same
 * per-account lock, the same session cookie, and a redirect that stays on the shop.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Lang } from "@core/constants";
import { signInFromForm } from "../../app/lib/sign-in-action.server";
import { createTestApp, type TestApp } from "../support/test-app";
import { loadContextFor } from "../support/load-context";
import { DEFAULT_PASSWORD } from "../support/factories";
import { activeAccountViaApi, clientIp, logInViaApi, signUpViaApi } from "../support/account-factories";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const context = (ip: string, lang: Lang = "en") => loadContextFor(t, ip, null, lang);

/** The form as a browser posts it without scripts, to /auth (with the page's own ?redirect=). */
function post(fields: Record<string, string>, { query = "", body }: { query?: string; body?: string } = {}) {
  return new Request(`http://127.0.0.1/auth${query}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: body ?? new URLSearchParams(fields).toString(),
  });
}

const signInByForm = async (fields: Record<string, string>, ip: string, opts: { query?: string; lang?: Lang } = {}) => {
  const request = post(fields, opts);
  const res = await signInFromForm(request, new URL(request.url), context(ip, opts.lang));
  // A redirect is a Response; anything else is React Router's data(): { data, init }.
  if (res instanceof Response) return { status: res.status, headers: res.headers, data: undefined };
  const init = (res as unknown as { init?: ResponseInit }).init;
  return {
    status: init?.status ?? 200,
    headers: new Headers(init?.headers),
    data: (res as unknown as { data: Record<string, unknown> }).data,
  };
};

describe("signing in with the /auth form, without scripts", () => {
  it("sets the same session cookie as the API and goes back to the page the customer came from", async () => {
    const account = await activeAccountViaApi(t);
    const res = await signInByForm({ email: account.email, password: DEFAULT_PASSWORD, remember: "on" }, clientIp(), {
      query: `?redirect=${encodeURIComponent("/product/abc?size=M")}`,
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/product/abc?size=M");
    const cookie = res.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/^access_token=[\w-]+;/);
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Strict");
    expect(cookie).toContain("Path=/");
    // "Remember me" keeps the session for days, as the API's does.
    expect(Number(cookie.match(/Max-Age=(\d+)/)?.[1])).toBeGreaterThan(24 * 3600);
    const token = cookie.match(/^access_token=([\w-]+);/)?.[1];
    const status = await t.app.inject({ method: "GET", url: "/api/auth-status", cookies: { access_token: token! } });
    expect(status.statusCode).toBe(200);
    expect(status.json().user.email).toBe(account.email);
  });

  it("never redirects off the shop (decision 112)", async () => {
    const account = await activeAccountViaApi(t);
    for (const target of ["//evil.example", "/%09/evil.example", "https://evil.example/", "/\\evil.example"]) {
      const res = await signInByForm({ email: account.email, password: DEFAULT_PASSWORD }, clientIp(), {
        query: `?redirect=${encodeURIComponent(target)}`,
      });
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe("/");
    }
  });

  it("answers a wrong password on the page, in the page's language, and keeps the e-mail", async () => {
    const res = await signInByForm({ email: "nobody@example.com", password: "Wrong-pass-1" }, clientIp(), {
      lang: "ar",
    });
    expect(res.status).toBe(401);
    expect(res.data).toEqual({
      email: "nobody@example.com",
      formError: "البريد الإلكتروني أو كلمة المرور غير صحيحة",
    });
    expect(res.headers.get("set-cookie")).toBeNull();
  });

  it("answers the fields' own messages for a form that is not filled in, and 10 KB in a field is a 400", async () => {
    const empty = await signInByForm({ email: "", password: "" }, clientIp());
    expect(empty.status).toBe(400);
    expect(empty.data?.fieldErrors).toEqual({ email: "Please fill all fields", password: "Please fill all fields" });
    const huge = await signInByForm(
      { email: `${"a".repeat(10 * 1024)}@x.com`, password: "x".repeat(1024) },
      clientIp(),
    );
    expect(huge.status).toBe(400);
  });

  it("refuses a body past its ceiling (413) and anything but a form (415) before reading it all", async () => {
    const bigRequest = post({}, { body: `email=${"a".repeat(20_000)}` });
    const big = await signInFromForm(bigRequest, new URL(bigRequest.url), context(clientIp()));
    expect((big as unknown as { init: ResponseInit }).init.status).toBe(413);
    const json = new Request("http://127.0.0.1/auth", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    const wrongType = await signInFromForm(json, new URL(json.url), context(clientIp()));
    expect((wrongType as unknown as { init: ResponseInit }).init.status).toBe(415);
  });

  it("hands an account still to activate its activation step (the API's 202), without a session", async () => {
    const account = await signUpViaApi(t);
    const res = await signInByForm({ email: account.email, password: DEFAULT_PASSWORD }, clientIp());
    expect(res.status).toBe(202);
    expect(res.data?.activation).toEqual({
      userId: account.userId,
      email: account.email,
      message: expect.any(String),
    });
    expect(res.headers.get("set-cookie")).toBeNull();
  });
});

describe("one rate limit for the form and the API", () => {
  const wrong = (i: number) => ({ email: `someone-${i}@example.com`, password: "Whatever-123" });

  it("refuses the API after ten tries through the form from one address", async () => {
    const ip = clientIp();
    for (let i = 0; i < 10; i++) expect((await signInByForm(wrong(i), ip)).status).toBe(401);
    const api = await logInViaApi(t, "someone@example.com", "Whatever-123", {}, ip);
    expect(api.statusCode).toBe(429);
    expect(Number(api.headers["retry-after"])).toBeGreaterThan(0);
    // Another address is untouched.
    expect((await logInViaApi(t, "someone@example.com", "Whatever-123", {}, clientIp())).statusCode).toBe(401);
  });

  it("refuses the form after ten tries through the API from one address, even with the right password", async () => {
    const account = await activeAccountViaApi(t);
    const ip = clientIp();
    for (let i = 0; i < 10; i++)
      expect((await logInViaApi(t, `someone-${i}@example.com`, "Whatever-123", {}, ip)).statusCode).toBe(401);
    const form = await signInByForm({ email: account.email, password: DEFAULT_PASSWORD }, ip);
    expect(form.status).toBe(429);
    expect(form.data?.formError).toBe("Too many attempts, please wait a moment and try again");
    expect(form.headers.get("set-cookie")).toBeNull();
  });

  it("lets exactly ten of thirty parallel tries through, whichever door they use", async () => {
    const ip = clientIp();
    const statuses = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        i % 2
          ? signInByForm(wrong(i), ip).then((r) => r.status)
          : logInViaApi(t, `someone-${i}@example.com`, "Whatever-123", {}, ip).then((r) => r.statusCode),
      ),
    );
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20);
  });

  it("shares the per-account lock: five wrong passwords through the form lock the API out too", async () => {
    const account = await activeAccountViaApi(t);
    const ip = clientIp();
    for (let i = 0; i < 5; i++)
      expect((await signInByForm({ email: account.email, password: `Wrong-pass-${i}00` }, ip)).status).toBe(401);
    expect((await logInViaApi(t, account.email, DEFAULT_PASSWORD, {}, ip)).statusCode).toBe(429);
    const form = await signInByForm({ email: account.email, password: DEFAULT_PASSWORD }, ip);
    expect(form.status).toBe(429);
  });
});
