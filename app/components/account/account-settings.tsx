import { useState } from "react";
import { TIMINGS } from "@core/constants";
import { passwordChangeForm } from "@core/validation/accounts";
import type { SessionUser } from "@server/modules/accounts/accounts-dto";
import { useT } from "~/i18n/react";
import { call } from "~/lib/api-client";
import { useMutation } from "~/lib/use-mutation";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/dialog";
import { TextField } from "~/components/ui/field";
import { logOut } from "~/components/auth/log-out";

/**
 * Account Settings: change the password (the current one is required when the account has one,
 * SPEC §5) and delete the account after a confirmation. Both log out (2 s and 1 s, SPEC §4).
 */
/** The change needs a new password; the shared form schema lets it be empty for the profile form's sake. */
const passwordChange = (hasPassword: boolean) =>
  passwordChangeForm(hasPassword).refine((v) => v.newPassword !== "", {
    path: ["newPassword"],
    message: "auth.fillAllFields",
  });

export function AccountSettings({ user }: { user: SessionUser }) {
  const t = useT();
  const [values, setValues] = useState({ currentPassword: "", newPassword: "", confirmPassword: "" });
  const [confirming, setConfirming] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const set = (key: keyof typeof values) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setValues((v) => ({ ...v, [key]: e.target.value }));
  const leave = (afterMs: number) => {
    setLeaving(true);
    window.setTimeout(() => void logOut(), afterMs);
  };

  const changePassword = useMutation(
    (input: typeof values) =>
      call(
        "PUT /updateuser",
        { body: { currentPassword: input.currentPassword || undefined, newPassword: input.newPassword } },
        // The old session ends with the password change; the logout that follows takes the user to /auth.
        { noAuthRedirect: true },
      ),
    {
      schema: passwordChange(user.hasPassword),
      revalidate: false,
      onSuccess: () => leave(TIMINGS.profileUpdateLogoutMs),
    },
  );
  const deleteAccount = useMutation(() => call("DELETE /delete/user"), {
    revalidate: false,
    onSuccess: () => {
      setConfirming(false);
      leave(TIMINGS.deleteAccountLogoutMs);
    },
  });

  return (
    <div className="flex max-w-xl flex-col gap-10">
      <form
        onSubmit={changePassword.onSubmit(() => values)}
        className="flex flex-col gap-4"
        noValidate
        data-testid="password-form"
      >
        <h2 className="text-lg font-semibold">{t("account.changePassword")}</h2>
        {user.hasPassword ? (
          <TextField
            label={t("account.currentPassword")}
            name="currentPassword"
            type="password"
            autoComplete="current-password"
            value={values.currentPassword}
            onChange={set("currentPassword")}
            error={changePassword.error("currentPassword")}
            required
          />
        ) : (
          <p className="text-sm text-muted">{t("account.noPasswordYet")}</p>
        )}
        <TextField
          label={t("auth.newPassword")}
          name="newPassword"
          type="password"
          autoComplete="new-password"
          value={values.newPassword}
          onChange={set("newPassword")}
          error={changePassword.error("newPassword")}
          hint={t("auth.passwordHint")}
        />
        <TextField
          label={t("auth.confirmPassword")}
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          value={values.confirmPassword}
          onChange={set("confirmPassword")}
          error={changePassword.error("confirmPassword")}
        />
        <div>
          <Button type="submit" loading={changePassword.busy || leaving} data-testid="change-password">
            {t("account.updatePassword")}
          </Button>
        </div>
      </form>

      <section
        className="flex flex-col gap-3 rounded-2xl border border-red-200 p-5 dark:border-red-900"
        aria-labelledby="danger-zone"
      >
        <h2 id="danger-zone" className="text-lg font-semibold text-red-700 dark:text-red-300">
          {t("account.deleteAccount")}
        </h2>
        <p className="text-sm text-muted">{t("account.deleteAccountText")}</p>
        <div>
          <Button variant="danger" onClick={() => setConfirming(true)} data-testid="delete-account">
            {t("account.deleteAccount")}
          </Button>
        </div>
      </section>
      {leaving ? (
        <p role="status" className="text-sm text-muted">
          {t("account.loggingOut")}
        </p>
      ) : null}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t("account.deleteConfirmTitle")}
        description={t("account.deleteConfirmText")}
        confirmLabel={t("account.deleteAccount")}
        onConfirm={() => void deleteAccount.submit(undefined)}
        loading={deleteAccount.busy}
      />
    </div>
  );
}
