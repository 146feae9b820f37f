import { useState } from "react";
import { TIMINGS } from "@core/constants";
import { passwordChangeForm } from "@core/validation/accounts";
import { fieldErrors } from "@core/validation/field-errors";
import type { SessionUser } from "@server/modules/accounts/sessions";
import { useT } from "~/i18n/react";
import { api, errorMessage } from "~/lib/api";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/dialog";
import { TextField } from "~/components/ui/field";
import { toast } from "~/components/ui/toaster";
import { logOut } from "~/components/auth/log-out";

/**
 * Account Settings: change the password (the current one is required when the account has one,
 * SPEC §5) and delete the account after a confirmation. Both log out (2 s and 1 s, SPEC §4).
 */
export function AccountSettings({ user }: { user: SessionUser }) {
  const t = useT();
  const [values, setValues] = useState({ currentPassword: "", newPassword: "", confirmPassword: "" });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const set = (key: keyof typeof values) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setValues((v) => ({ ...v, [key]: e.target.value }));
  const err = (key: string) => (errors[key] ? t(errors[key]) : null);

  async function changePassword(e: React.FormEvent) {
    e.preventDefault();
    const parsed = passwordChangeForm(user.hasPassword).safeParse(values);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    if (!parsed.data.newPassword) return setErrors({ newPassword: "auth.fillAllFields" });
    setErrors({});
    setBusy(true);
    try {
      const res = await api<{ message: string }>("/updateuser", {
        method: "PUT",
        body: { currentPassword: parsed.data.currentPassword || undefined, newPassword: parsed.data.newPassword },
        // The old session ends with the password change; the logout below takes the user to /auth.
        noAuthRedirect: true,
      });
      toast.success(res.message);
      setLeaving(true);
      window.setTimeout(() => void logOut(), TIMINGS.profileUpdateLogoutMs);
    } catch (e2) {
      toast.error(errorMessage(e2));
      setBusy(false);
    }
  }

  async function deleteAccount() {
    setDeleting(true);
    try {
      const res = await api<{ message: string }>("/delete/user", { method: "DELETE" });
      toast.success(res.message);
      setConfirming(false);
      setLeaving(true);
      window.setTimeout(() => void logOut(), TIMINGS.deleteAccountLogoutMs);
    } catch (e) {
      toast.error(errorMessage(e));
      setDeleting(false);
    }
  }

  return (
    <div className="flex max-w-xl flex-col gap-10">
      <form onSubmit={changePassword} className="flex flex-col gap-4" noValidate data-testid="password-form">
        <h2 className="text-lg font-semibold">{t("account.changePassword")}</h2>
        {user.hasPassword ? (
          <TextField
            label={t("account.currentPassword")}
            name="currentPassword"
            type="password"
            autoComplete="current-password"
            value={values.currentPassword}
            onChange={set("currentPassword")}
            error={err("currentPassword")}
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
          error={err("newPassword")}
          hint={t("auth.passwordHint")}
        />
        <TextField
          label={t("auth.confirmPassword")}
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          value={values.confirmPassword}
          onChange={set("confirmPassword")}
          error={err("confirmPassword")}
        />
        <div>
          <Button type="submit" loading={busy} data-testid="change-password">
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
        onConfirm={deleteAccount}
        loading={deleting}
      />
    </div>
  );
}
