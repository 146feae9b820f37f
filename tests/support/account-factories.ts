/** Accounts through the API itself, the way a customer makes one. */
import { expect } from "vitest";
import type { LightMyRequestResponse } from "fastify";
import type { TestApp } from "./test-app";
import { DEFAULT_PASSWORD, uniqueEmail } from "./factories";

let nextIp = 1;
/**
 * A fresh client address per call: sign-in and code routes are rate limited per address, so each
 * test acts as its own visitor and never spends another test's allowance.
 */
export const clientIp = () => {
  const n = nextIp++;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
};

export function signUpPayload(overrides: Record<string, unknown> = {}) {
  return {
    firstName: "Salma",
    lastName: "Adel",
    email: uniqueEmail("shopper"),
    phone: "+201012345678",
    password: DEFAULT_PASSWORD,
    ...overrides,
  };
}

/** The 6-digit code in the newest e-mail to that address (after the queued e-mails were sent). */
export async function codeFromMail(t: TestApp, email: string): Promise<string> {
  await t.settle();
  const mail = [...t.mail].reverse().find((m) => m.to === email);
  const code = mail?.text.match(/\b\d{6}\b/)?.[0];
  if (!code) throw new Error(`No code e-mailed to ${email}`);
  return code;
}

export async function signUpViaApi(
  t: TestApp,
  overrides: Record<string, unknown> = {},
  cookies: Record<string, string> = {},
) {
  const payload = signUpPayload(overrides);
  const res = await t.app.inject({
    method: "POST",
    url: "/api/createUser",
    payload,
    remoteAddress: clientIp(),
    cookies,
  });
  if (res.statusCode !== 201) throw new Error(`createUser answered ${res.statusCode}: ${res.body}`);
  return { ...payload, userId: res.json().UserID as string };
}

export function logInViaApi(
  t: TestApp,
  email: string,
  password: string = DEFAULT_PASSWORD,
  extra: Record<string, unknown> = {},
  ip = clientIp(),
) {
  return t.app.inject({ method: "POST", url: "/api/login", payload: { email, password, ...extra }, remoteAddress: ip });
}

/** Signed up, activated with the e-mailed code, and signed in: its token and cookie header. */
export async function activeAccountViaApi(t: TestApp, overrides: Record<string, unknown> = {}) {
  const account = await signUpViaApi(t, overrides);
  const activated = await t.app.inject({
    method: "POST",
    url: "/api/activateUser",
    payload: { userId: account.userId, activationCode: await codeFromMail(t, account.email) },
    remoteAddress: clientIp(),
  });
  if (activated.statusCode !== 200) throw new Error(`activateUser answered ${activated.statusCode}: ${activated.body}`);
  const login = await logInViaApi(t, account.email, account.password as string);
  if (login.statusCode !== 200) throw new Error(`login answered ${login.statusCode}: ${login.body}`);
  const token = login.json().token as string;
  return { ...account, token, headers: { cookie: `access_token=${token}` } };
}

/** Records every reply the app gives from now on, so a test can inspect them all at the end. */
export function recordReplies(t: TestApp): LightMyRequestResponse[] {
  const replies: LightMyRequestResponse[] = [];
  const inject = t.app.inject.bind(t.app) as (opts: object) => Promise<LightMyRequestResponse>;
  (t.app as unknown as { inject: typeof inject }).inject = async (opts: object) => {
    const res = await inject(opts);
    replies.push(res);
    return res;
  };
  return replies;
}

/** No body and no header of any reply mentions a password hash. */
export function expectNoPasswordHash(replies: LightMyRequestResponse[]) {
  for (const res of replies) {
    const text = res.body + JSON.stringify(res.headers);
    expect(text).not.toMatch(/\$argon2/);
    expect(text).not.toMatch(/password_?hash/i);
  }
}
