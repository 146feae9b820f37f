import { useState } from "react";
import { CANCEL_REASONS, type CancelReason } from "@core/validation/customers";
import { useT } from "~/i18n/react";
import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";

interface CancelReasonDialogProps {
  /** The order being cancelled; null: closed. */
  orderNumber: string | null;
  onClose: () => void;
  onConfirm: (reason: CancelReason) => void;
  busy?: boolean;
}

/**
 * Staff say why they cancel (issue 16): a refusal at the door counts in the customer's record, so
 * no reason is chosen for them; pressing "Cancel order" without one asks for it.
 */
export function CancelReasonDialog({ orderNumber, onClose, onConfirm, busy }: CancelReasonDialogProps) {
  const t = useT();
  const [reason, setReason] = useState<CancelReason | null>(null);
  const [missing, setMissing] = useState(false);
  const close = () => {
    setReason(null);
    setMissing(false);
    onClose();
  };
  return (
    <Dialog
      open={orderNumber !== null}
      onOpenChange={(open) => (open ? undefined : close())}
      title={t("customers.cancelTitle", { orderNumber: orderNumber ?? "" })}
      description={t("customers.cancelText")}
      size="sm"
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!reason) {
            setMissing(true);
            return;
          }
          onConfirm(reason);
          setReason(null);
        }}
        data-testid="cancel-reason-form"
      >
        <fieldset aria-describedby={missing ? "cancel-reason-error" : undefined}>
          <legend className="mb-2 text-sm font-medium">{t("customers.reasonLabel")}</legend>
          <div className="flex flex-col gap-2">
            {CANCEL_REASONS.map((r) => (
              <label key={r} className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name="cancel-reason"
                  value={r}
                  checked={reason === r}
                  onChange={() => {
                    setReason(r);
                    setMissing(false);
                  }}
                  data-testid={`cancel-reason-${r}`}
                />
                {t(`customers.reason.${r}`)}
              </label>
            ))}
          </div>
          {missing ? (
            <p id="cancel-reason-error" role="alert" className="mt-2 text-sm text-red-700 dark:text-red-300">
              {t("customers.reasonInvalid")}
            </p>
          ) : null}
        </fieldset>
        <div className="mt-4 flex justify-end gap-2">
          <Button variant="secondary" onClick={close}>
            {t("common.cancel")}
          </Button>
          <Button type="submit" variant="danger" loading={busy} data-testid="cancel-reason-confirm">
            {t("customers.cancelConfirm")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
