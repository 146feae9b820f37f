import { useState } from "react";
import { Link } from "react-router";
import { logInInput } from "@core/validation/accounts";
import { useT } from "~/i18n/react";
import { call } from "~/lib/api-client";
import { useMutation } from "~/lib/use-mutation";
import type { SignInActionData } from "~/lib/sign-in-action.server";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import { inlineErrors } from "./inline-errors";

/**
 * Sign in. A real `<form method="post">`: before the scripts arrive (or without them) it posts to
 * the /auth route action, which signs in with the same service and limits and redirects
 * (`fromServer` is what that action answered when it did not). Once hydrated, the same form calls
 * `POST /api/login`: 200 signs in (the caller then navigates fully so the root data refreshes); 202
 * means the account needs its activation code and hands the user id to the activation dialog.
 */
export function SignInForm({
  initialEmail,
  fromServer,
  onSignedIn,
  onNeedsActivation,
}: {
  initialEmail?: string;
  fromServer?: SignInActionData;
  onSignedIn: () => void;
  onNeedsActivation: (userId: string, email: string) => void;
}) {
  const t = useT();
  const [email, setEmail] = useState(initialEmail || fromServer?.email || "");
  const [password, setPassword] = useState("");
  const [remember, setRemember] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const login = useMutation(
    (body: { email: string; password: string; remember?: boolean }) =>
      call("POST /login", { body }, { noAuthRedirect: true }),
    {
      schema: logInInput,
      revalidate: false,
      onSuccess: (reply, input) => {
        if (!reply.token) return onNeedsActivation(reply.UserID, input.email.trim().toLowerCase());
        setLeaving(true); // stays busy while the page navigates
        onSignedIn();
      },
      onError: (e) => login.setErrors(inlineErrors(e)),
    },
  );
  const fieldError = (field: string) => login.error(field) ?? fromServer?.fieldErrors?.[field] ?? null;
  const formError = login.error("_form") ?? fromServer?.formError ?? null;

  return (
    <form
      method="post"
      onSubmit={login.onSubmit(() => ({ email, password, remember }))}
      className="flex flex-col gap-4"
      noValidate
      data-testid="sign-in-form"
    >
      <TextField
        label={t("auth.email")}
        name="email"
        type="email"
        autoComplete="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={fieldError("email")}
        dir="ltr"
        required
      />
      <TextField
        label={t("auth.password")}
        name="password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={fieldError("password")}
        required
      />
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <label className="inline-flex items-center gap-2">
          <input
            type="checkbox"
            name="remember"
            checked={remember}
            onChange={(e) => setRemember(e.target.checked)}
            className="size-4 accent-brand-600"
          />
          {t("auth.rememberMe")}
        </label>
        <Link to="/forgot-password" className="font-medium text-brand-700 hover:underline dark:text-brand-300">
          {t("auth.forgotPassword")}
        </Link>
      </div>
      {formError ? (
        <p
          role="alert"
          className="rounded-lg bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950/40 dark:text-red-200"
          data-testid="sign-in-error"
        >
          {formError}
        </p>
      ) : null}
      <Button type="submit" size="lg" loading={login.busy || leaving} data-testid="sign-in-submit">
        {t("auth.signIn")}
      </Button>
    </form>
  );
}
