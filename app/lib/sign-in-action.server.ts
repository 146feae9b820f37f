/**
 * The /auth page's sign-in without scripts (decision 145, 200): the form posts here, and this does
 * what `POST /api/login` does: the same rate limit (one count shared with the API), the same
 * service (its per-account lock, timing decoy and activation step), the same session cookie; then a
 * redirect to the page the customer came from, on this shop only (decision 112).
 */
import { data, redirect } from "react-router";
import type { AppLoadContext } from "react-router";
import { logInInput } from "@core/validation/accounts";
import { fieldErrors } from "@core/validation/field-errors";
import { translate } from "@core/i18n";
import { AppError } from "@server/errors";
import { logIn } from "@server/modules/accounts/log-in";
import { sessionSetCookie } from "@server/modules/accounts/session-cookie";
import { readSmallForm } from "./read-form.server";
import { safeRedirect } from "./safe-redirect";

/** What the page shows after a post that did not sign in. */
export interface SignInActionData {
  email?: string;
  formError?: string;
  fieldErrors?: Record<string, string>;
  /** The account still needs its activation code (the API's 202). */
  activation?: { userId: string; email: string; message: string };
}

export async function signInFromForm(request: Request, url: URL, context: AppLoadContext) {
  const { lang } = context;
  const t = (key: string, vars?: Record<string, string | number>) => translate(lang, key, vars);
  // Counted before the body is read, as the API's onRequest limit is.
  const verdict = await context.sharedLimits.login(context.ip);
  if (!verdict.allowed) {
    return data<SignInActionData>(
      { formError: t("validation.tooManyRequests") },
      { status: 429, headers: { "retry-after": String(verdict.retryAfterSeconds) } },
    );
  }
  const read = await readSmallForm(request);
  if ("status" in read) return data<SignInActionData>({ formError: t(read.key) }, { status: read.status });
  const { form } = read;
  const email = (form.get("email") ?? "").slice(0, 254);
  const parsed = logInInput.safeParse({
    email: form.get("email") ?? "",
    password: form.get("password") ?? "",
    remember: form.get("remember") === "on",
  });
  if (!parsed.success) {
    const errors = Object.fromEntries(Object.entries(fieldErrors(parsed.error)).map(([k, key]) => [k, t(key)]));
    return data<SignInActionData>({ email, fieldErrors: errors }, { status: 400 });
  }
  try {
    const result = await logIn(context.deps, parsed.data, { ip: context.ip });
    if (result.kind === "needsActivation") {
      return data<SignInActionData>(
        { email, activation: { userId: result.userId, email: parsed.data.email, message: t("auth.activationNeeded") } },
        { status: 202 },
      );
    }
    const to = safeRedirect(url.searchParams.get("redirect"));
    return redirect(to, {
      headers: { "set-cookie": sessionSetCookie(context.deps.config, result.token, result.expiresAt) },
    });
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    return data<SignInActionData>({ email, formError: t(err.key, err.vars) }, { status: err.status });
  }
}
