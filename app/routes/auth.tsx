import { useEffect, useState } from "react";
import { redirect, useNavigate, useSearchParams } from "react-router";
import type { Route } from "./+types/auth";
import { metaTranslator } from "~/i18n/meta";
import { useT } from "~/i18n/react";
import { useRootData } from "~/root";
import { call } from "~/lib/api-client";
import { useMutation } from "~/lib/use-mutation";
import { signInFromForm } from "~/lib/sign-in-action.server";
import { Tabs } from "~/components/ui/tabs";
import { SignInForm } from "~/components/auth/sign-in-form";
import { SignUpForm } from "~/components/auth/sign-up-form";
import { ActivationDialog } from "~/components/auth/activation-dialog";
import { GoogleButton } from "~/components/auth/google-button";
import { Notice } from "~/components/auth/notice";
import { safeRedirect } from "~/lib/safe-redirect";

export function meta({ matches }: Route.MetaArgs) {
  const { t: metaT } = metaTranslator(matches);
  return [
    { title: `${metaT("auth.pageTitle")} | ${metaT("common.shopName")}` },
    { name: "robots", content: "noindex" },
  ];
}

/** Someone already signed in has nothing to do here: on to where they were going. */
export function loader({ context, url }: Route.LoaderArgs) {
  if (context.user && !url.searchParams.has("logout"))
    throw redirect(safeRedirect(url.searchParams.get("redirect"), "/account"));
  return null;
}

/** The sign-in form posted before the scripts arrive, or without them (decision 200). */
export function action({ request, context, url }: Route.ActionArgs) {
  return signInFromForm(request, url, context);
}

export default function Auth({ actionData }: Route.ComponentProps) {
  const t = useT();
  const { shop } = useRootData();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const redirectTo = params.get("redirect");
  const logout = params.get("logout");
  const [tab, setTab] = useState<"signin" | "signup">("signin");
  const [activation, setActivation] = useState<{ userId: string; email: string } | null>(null);
  const [signInEmail, setSignInEmail] = useState("");
  const [formKey, setFormKey] = useState(0);

  // A full navigation, so the root loader runs again with the new session.
  const goOn = () => window.location.assign(safeRedirect(redirectTo));

  const google = useMutation(
    (token: string) => call("POST /auth/google", { body: { token } }, { noAuthRedirect: true }),
    {
      revalidate: false,
      onSuccess: goOn,
    },
  );

  // Signed in without scripts but not yet activated: once they arrive, the activation dialog opens.
  useEffect(() => {
    if (actionData?.activation) setActivation(actionData.activation);
  }, [actionData]);

  function activated() {
    // SPEC §4: to /auth, on the sign-in tab with the address filled in.
    setSignInEmail(activation?.email ?? "");
    setActivation(null);
    setTab("signin");
    setFormKey((k) => k + 1);
    navigate(redirectTo ? `/auth?redirect=${encodeURIComponent(redirectTo)}` : "/auth", { replace: true });
  }

  return (
    <section className="mx-auto flex max-w-md flex-col gap-4 px-4 py-10" data-testid="auth-page">
      <h1 className="text-center text-2xl font-semibold tracking-tight">
        {t(tab === "signin" ? "auth.welcomeBack" : "auth.joinUs")}
      </h1>
      {redirectTo ? (
        <Notice tone="info" testId="sign-in-required">
          {t("auth.signInToContinue")}
        </Notice>
      ) : null}
      {redirectTo?.startsWith("/checkout") ? (
        <a
          href="/checkout?guest=1"
          className="text-center text-sm font-medium text-brand-700 underline hover:no-underline dark:text-brand-300"
          data-testid="continue-as-guest"
        >
          {t("auth.continueAsGuest")}
        </a>
      ) : null}
      {logout === "success" ? (
        <Notice tone="success" testId="logout-notice">
          {t("auth.loggedOut")}
        </Notice>
      ) : null}
      {actionData?.activation ? (
        <Notice tone="info" testId="activation-needed">
          {actionData.activation.message}
        </Notice>
      ) : null}
      {logout === "error" ? (
        <Notice tone="error" testId="logout-notice">
          {t("auth.logoutFailed")}
        </Notice>
      ) : null}
      <div className="rounded-2xl border border-line bg-surface p-6 shadow-sm">
        <Tabs
          label={t("auth.pageTitle")}
          value={tab}
          onValueChange={(v) => setTab(v as "signin" | "signup")}
          items={[
            {
              value: "signin",
              label: t("auth.signIn"),
              content: (
                <SignInForm
                  key={formKey}
                  initialEmail={signInEmail}
                  fromServer={formKey === 0 ? actionData : undefined}
                  onSignedIn={goOn}
                  onNeedsActivation={(userId, email) => setActivation({ userId, email })}
                />
              ),
            },
            {
              value: "signup",
              label: t("auth.signUp"),
              content: <SignUpForm onSignedUp={(userId, email) => setActivation({ userId, email })} />,
            },
          ]}
        />
        {shop.googleClientId ? (
          <div className="mt-6 flex flex-col gap-4">
            <div className="flex items-center gap-3 text-xs uppercase text-muted">
              <span className="h-px flex-1 bg-line" />
              {t("auth.or")}
              <span className="h-px flex-1 bg-line" />
            </div>
            <GoogleButton clientId={shop.googleClientId} onCredential={(token) => void google.submit(token)} />
          </div>
        ) : null}
      </div>
      {activation ? (
        <ActivationDialog
          key={activation.userId}
          userId={activation.userId}
          open
          onOpenChange={(open) => (open ? undefined : setActivation(null))}
          onActivated={activated}
        />
      ) : null}
    </section>
  );
}
