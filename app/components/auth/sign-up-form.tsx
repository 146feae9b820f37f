import { useState } from "react";
import { Link } from "react-router";
import type { z } from "zod";
import { signUpForm } from "@core/validation/accounts";
import { useT } from "~/i18n/react";
import { call } from "~/lib/api-client";
import { useMutation } from "~/lib/use-mutation";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import { inlineErrors } from "./inline-errors";
import { PhoneInput, joinPhone, type PhoneValue } from "./phone-input";

type SignUpValues = z.input<typeof signUpForm>;

/** Sign up (SPEC §5): every field required, matching passwords, the terms accepted. */
export function SignUpForm({ onSignedUp }: { onSignedUp: (userId: string, email: string) => void }) {
  const t = useT();
  const [values, setValues] = useState({ firstName: "", lastName: "", email: "", password: "", confirmPassword: "" });
  const [phone, setPhone] = useState<PhoneValue>({ country: "EG", number: "" });
  const [terms, setTerms] = useState(false);
  const signUp = useMutation(
    ({ confirmPassword: _c, terms: _t, ...body }: SignUpValues) =>
      call("POST /createUser", { body }, { noAuthRedirect: true }),
    {
      schema: signUpForm,
      revalidate: false,
      onSuccess: (reply, input) => onSignedUp(reply.UserID, input.email.trim().toLowerCase()),
      onError: (e) => signUp.setErrors(inlineErrors(e)),
    },
  );
  const set = (key: keyof typeof values) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setValues((v) => ({ ...v, [key]: e.target.value }));
  const err = (key: string) => signUp.error(key) ?? null;
  // The spec's one message for any empty field, shown once above the button as well.
  const fillAll = t("auth.fillAllFields");
  const formError = signUp.error("_form") ?? (Object.values(signUp.errors).includes(fillAll) ? fillAll : null);

  return (
    <form
      onSubmit={signUp.onSubmit(() => ({ ...values, phone: joinPhone(phone), terms }))}
      className="flex flex-col gap-4"
      noValidate
      data-testid="sign-up-form"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t("auth.firstName")}
          name="firstName"
          autoComplete="given-name"
          value={values.firstName}
          onChange={set("firstName")}
          error={err("firstName")}
          required
        />
        <TextField
          label={t("auth.lastName")}
          name="lastName"
          autoComplete="family-name"
          value={values.lastName}
          onChange={set("lastName")}
          error={err("lastName")}
        />
      </div>
      <TextField
        label={t("auth.email")}
        name="email"
        type="email"
        autoComplete="email"
        value={values.email}
        onChange={set("email")}
        error={err("email")}
        dir="ltr"
        required
      />
      <PhoneInput value={phone} onChange={setPhone} error={err("phone")} required />
      <TextField
        label={t("auth.password")}
        name="password"
        type="password"
        autoComplete="new-password"
        value={values.password}
        onChange={set("password")}
        error={err("password")}
        hint={t("auth.passwordHint")}
        required
      />
      <TextField
        label={t("auth.confirmPassword")}
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        value={values.confirmPassword}
        onChange={set("confirmPassword")}
        error={err("confirmPassword")}
        required
      />
      <div className="flex flex-col gap-1">
        <label className="inline-flex items-start gap-2 text-sm">
          <input
            type="checkbox"
            name="terms"
            checked={terms}
            onChange={(e) => setTerms(e.target.checked)}
            className="mt-0.5 size-4 accent-brand-600"
            aria-invalid={signUp.error("terms") ? true : undefined}
          />
          <span>
            {t("auth.agreePrefix")}{" "}
            <Link
              to="/terms-service"
              className="font-medium text-brand-700 underline dark:text-brand-300"
              target="_blank"
            >
              {t("auth.termsOfService")}
            </Link>{" "}
            {t("auth.and")}{" "}
            <Link
              to="/privacy-policy"
              className="font-medium text-brand-700 underline dark:text-brand-300"
              target="_blank"
            >
              {t("auth.privacyPolicy")}
            </Link>
          </span>
        </label>
        {signUp.error("terms") ? (
          <p role="alert" className="text-xs text-red-700 dark:text-red-400">
            {signUp.error("terms")}
          </p>
        ) : null}
      </div>
      {formError ? (
        <p
          role="alert"
          className="rounded-lg bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950/40 dark:text-red-200"
          data-testid="sign-up-error"
        >
          {formError}
        </p>
      ) : null}
      <Button type="submit" size="lg" loading={signUp.busy} data-testid="sign-up-submit">
        {t("auth.createAccount")}
      </Button>
    </form>
  );
}
