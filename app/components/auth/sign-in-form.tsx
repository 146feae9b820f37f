import { useState } from "react";
import { Link } from "react-router";
import { logInInput } from "@core/validation/accounts";
import { fieldErrors } from "@core/validation/field-errors";
import { useT } from "~/i18n/react";
import { api, errorMessage } from "~/lib/api";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import { toast } from "~/components/ui/toaster";

interface LoginReply {
  message: string;
  UserID: string;
  token?: string;
}

/**
 * Sign in. 200 signs in (the caller then navigates fully so the root data refreshes); 202 means the
 * account needs its activation code and hands the user id to the activation dialog.
 */
export function SignInForm({
  initialEmail,
  onSignedIn,
  onNeedsActivation,
}: {
  initialEmail?: string;
  onSignedIn: () => void;
  onNeedsActivation: (userId: string, email: string) => void;
}) {
  const t = useT();
  const [email, setEmail] = useState(initialEmail ?? "");
  const [password, setPassword] = useState("");
  const [remember, setRemember] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const parsed = logInInput.safeParse({ email, password, remember });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    setFormError(null);
    setBusy(true);
    try {
      const res = await api<LoginReply>("/login", { method: "POST", body: parsed.data, noAuthRedirect: true });
      if (res.token) {
        toast.success(res.message);
        onSignedIn();
        return; // stays busy while the page navigates
      }
      toast.info(res.message);
      onNeedsActivation(res.UserID, parsed.data.email);
    } catch (err) {
      setFormError(errorMessage(err));
    }
    setBusy(false);
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate data-testid="sign-in-form">
      <TextField
        label={t("auth.email")}
        name="email"
        type="email"
        autoComplete="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={errors.email ? t(errors.email) : null}
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
        error={errors.password ? t(errors.password) : null}
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
      <Button type="submit" size="lg" loading={busy} data-testid="sign-in-submit">
        {t("auth.signIn")}
      </Button>
    </form>
  );
}
