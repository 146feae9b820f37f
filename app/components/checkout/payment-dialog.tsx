import { Dialog } from "~/components/ui/dialog";
import { useT } from "~/i18n/react";

/** The card provider's embedded frame (SPEC §4: opens only for a card payment). */
export function PaymentDialog({ url, onClose }: { url: string | null; onClose: () => void }) {
  const t = useT();
  return (
    <Dialog
      open={!!url}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t("checkout.paymentWindow")}
      description={t("checkout.paymentWindowText")}
      size="lg"
    >
      {url ? (
        <iframe
          src={url}
          title={t("checkout.paymentFrame")}
          className="h-[70dvh] w-full rounded-lg border border-line"
          allow="payment"
        />
      ) : null}
    </Dialog>
  );
}
