import { useEffect, useState } from "react";
import { TIMINGS } from "@core/constants";
import { activateInput } from "@core/validation/accounts";
import { useT } from "~/i18n/react";
import { errorMessage } from "~/lib/api";
import { call } from "~/lib/api-client";
import { useMutation } from "~/lib/use-mutation";
import { Dialog } from "~/components/ui/dialog";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";

/** Seconds left on a countdown that restarts whenever `restart(n)` is called. */
function useCountdown(initial: number) {
  const [left, setLeft] = useState(initial);
  useEffect(() => {
    if (left <= 0) return;
    const timer = window.setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [left]);
  return [left, setLeft] as const;
}

/**
 * SPEC §4 Account activation: the code from the e-mail activates the account; resending is locked
 * by a 60 s countdown; after a correct code the page goes to /auth after 3 s.
 */
export function ActivationDialog({
  userId,
  open,
  onOpenChange,
  onActivated,
}: {
  userId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onActivated: () => void;
}) {
  const t = useT();
  const [code, setCode] = useState("");
  const [done, setDone] = useState(false);
  // A code has just been sent (by sign-up or by the sign-in that opened this dialog).
  const [wait, setWait] = useCountdown(TIMINGS.resendCodeSeconds);
  const activate = useMutation(
    (body: { userId: string; activationCode: string }) =>
      call("POST /activateUser", { body }, { noAuthRedirect: true }),
    {
      schema: activateInput,
      revalidate: false,
      onSuccess: () => {
        setDone(true);
        window.setTimeout(onActivated, TIMINGS.activationRedirectMs);
      },
      // A wrong or expired code is said beside the field, not only in the toast.
      onError: (e) => activate.setErrors({ activationCode: errorMessage(e) }),
    },
  );
  const resend = useMutation(
    (body: { userId: string }) => call("POST /resendActivationCode", { body }, { noAuthRedirect: true }),
    { revalidate: false, onSuccess: () => setWait(TIMINGS.resendCodeSeconds) },
  );

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t("auth.activationTitle")}
      description={t("auth.activationText")}
      size="sm"
    >
      {done ? (
        <p
          role="status"
          className="rounded-lg bg-green-50 p-3 text-sm text-green-800 dark:bg-green-950/40 dark:text-green-200"
          data-testid="activation-done"
        >
          {t("auth.activatedRedirecting")}
        </p>
      ) : (
        <form
          onSubmit={activate.onSubmit(() => ({ userId, activationCode: code }))}
          className="flex flex-col gap-4"
          noValidate
        >
          <TextField
            label={t("auth.activationCode")}
            name="activationCode"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            onChange={(e) => setCode(e.target.value.replace(/[^0-9]/g, ""))}
            error={activate.error("activationCode") ?? activate.error("userId")}
            dir="ltr"
            className="text-center text-lg tracking-[0.5em]"
            autoFocus
            required
          />
          <Button type="submit" loading={activate.busy} data-testid="activate-button">
            {t("auth.activate")}
          </Button>
          <Button
            variant="ghost"
            onClick={() => void resend.submit({ userId })}
            disabled={wait > 0}
            loading={resend.busy}
            data-testid="resend-button"
          >
            {wait > 0 ? t("auth.resendIn", { seconds: wait }) : t("auth.resendCode")}
          </Button>
        </form>
      )}
    </Dialog>
  );
}
