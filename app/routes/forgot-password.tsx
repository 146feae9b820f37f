import { useState } from "react";
import { Link, useNavigate } from "react-router";
import type { Route } from "./+types/forgot-password";
import { checkEmailInput, checkTokenInput, resetPasswordForm } from "@core/validation/accounts";
import { metaTranslator } from "~/i18n/meta";
import { useT } from "~/i18n/react";
import { call } from "~/lib/api-client";
import { useMutation } from "~/lib/use-mutation";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import { Notice } from "~/components/auth/notice";
import { inlineErrors } from "~/components/auth/inline-errors";

export function meta({ matches }: Route.MetaArgs) {
  const { t: metaT } = metaTranslator(matches);
  return [
    { title: `${metaT("auth.forgotTitle")} | ${metaT("common.shopName")}` },
    { name: "robots", content: "noindex" },
  ];
}

type Step = "email" | "code" | "password";
const STEPS: Step[] = ["email", "code", "password"];

/** SPEC §4 Forgot password: e-mail, then the e-mailed code, then a new password, then /auth. */
export default function ForgotPassword() {
  const t = useT();
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>("email");
  const [email, setEmail] = useState("");
  const [code, setCode] = useState("");
  const [password, setPassword] = useState("");
  const [confirmPassword, setConfirmPassword] = useState("");
  const [sentMessage, setSentMessage] = useState<string | null>(null);
  const sendCode = useMutation(
    (body: { email: string }) => call("POST /checkemail", { body }, { noAuthRedirect: true }),
    {
      schema: checkEmailInput,
      success: false,
      revalidate: false,
      onSuccess: (reply) => {
        setSentMessage(reply.message);
        setStep("code");
      },
      onError: (e) => sendCode.setErrors(inlineErrors(e)),
    },
  );
  const checkCode = useMutation(
    (body: { email: string; token: string }) => call("POST /checktoken", { body }, { noAuthRedirect: true }),
    {
      schema: checkTokenInput,
      success: false,
      revalidate: false,
      onSuccess: () => setStep("password"),
      onError: (e) => checkCode.setErrors(inlineErrors(e)),
    },
  );
  const reset = useMutation(
    (input: { password: string; confirmPassword: string }) =>
      call(
        "POST /resetpassword",
        { body: { email: email.trim().toLowerCase(), token: code, password: input.password } },
        { noAuthRedirect: true },
      ),
    {
      schema: resetPasswordForm,
      revalidate: false,
      onSuccess: () => navigate("/auth"),
      onError: (e) => reset.setErrors(inlineErrors(e)),
    },
  );
  const formError = (m: { error: (field: string) => string | undefined }) => {
    const message = m.error("_form");
    return message ? <Notice tone="error">{message}</Notice> : null;
  };

  const stepIndex = STEPS.indexOf(step);
  return (
    <section className="mx-auto flex max-w-md flex-col gap-4 px-4 py-10" data-testid="forgot-password-page">
      <h1 className="text-center text-2xl font-semibold tracking-tight">{t("auth.forgotTitle")}</h1>
      <ol className="flex items-center justify-center gap-2 text-xs" aria-label={t("auth.forgotSteps")}>
        {STEPS.map((s, i) => (
          <li key={s} className="flex items-center gap-2" aria-current={s === step ? "step" : undefined}>
            <span
              className={`inline-flex size-7 items-center justify-center rounded-full font-semibold ${i <= stepIndex ? "bg-brand-600 text-white" : "bg-surface-2 text-muted"}`}
            >
              {i + 1}
            </span>
            <span className={s === step ? "font-medium" : "text-muted"}>{t(`auth.forgotStep.${s}`)}</span>
          </li>
        ))}
      </ol>
      <div className="rounded-2xl border border-line bg-surface p-6 shadow-sm">
        {step === "email" ? (
          <form onSubmit={sendCode.onSubmit(() => ({ email }))} className="flex flex-col gap-4" noValidate>
            <p className="text-sm text-muted">{t("auth.forgotEmailText")}</p>
            <TextField
              label={t("auth.email")}
              name="email"
              type="email"
              autoComplete="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              error={sendCode.error("email")}
              dir="ltr"
              required
              autoFocus
            />
            {formError(sendCode)}
            <Button type="submit" loading={sendCode.busy} data-testid="forgot-send-code">
              {t("auth.sendCode")}
            </Button>
          </form>
        ) : null}
        {step === "code" ? (
          <form
            onSubmit={checkCode.onSubmit(() => ({ email, token: code }))}
            className="flex flex-col gap-4"
            noValidate
          >
            {sentMessage ? <Notice tone="info">{sentMessage}</Notice> : null}
            <TextField
              label={t("auth.resetCode")}
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={code}
              onChange={(e) => setCode(e.target.value.replace(/[^0-9]/g, ""))}
              error={checkCode.error("token") ?? checkCode.error("email")}
              dir="ltr"
              className="text-center text-lg tracking-[0.5em]"
              required
              autoFocus
            />
            {formError(checkCode)}
            <Button type="submit" loading={checkCode.busy} data-testid="forgot-check-code">
              {t("auth.verifyCode")}
            </Button>
            <Button
              variant="ghost"
              onClick={() => {
                setStep("email");
                setCode("");
                checkCode.setErrors({});
              }}
            >
              {t("common.back")}
            </Button>
          </form>
        ) : null}
        {step === "password" ? (
          <form
            onSubmit={reset.onSubmit(() => ({ password, confirmPassword }))}
            className="flex flex-col gap-4"
            noValidate
          >
            <TextField
              label={t("auth.newPassword")}
              name="password"
              type="password"
              autoComplete="new-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              error={reset.error("password")}
              hint={t("auth.passwordHint")}
              required
              autoFocus
            />
            <TextField
              label={t("auth.confirmPassword")}
              name="confirmPassword"
              type="password"
              autoComplete="new-password"
              value={confirmPassword}
              onChange={(e) => setConfirmPassword(e.target.value)}
              error={reset.error("confirmPassword")}
              required
            />
            {formError(reset)}
            <Button type="submit" loading={reset.busy} data-testid="forgot-reset">
              {t("auth.resetPassword")}
            </Button>
          </form>
        ) : null}
      </div>
      <p className="text-center text-sm">
        <Link to="/auth" className="font-medium text-brand-700 hover:underline dark:text-brand-300">
          {t("auth.backToSignIn")}
        </Link>
      </p>
    </section>
  );
}
