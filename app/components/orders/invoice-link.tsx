/**
 * The invoice of an order (issue 17 §4): a plain download link for whoever sees the whole order
 * (its owner, staff), works without scripts; on the masked tracking view, a guest types the
 * order's phone to download it (decision 182).
 */
import { useState } from "react";
import { FileDown } from "lucide-react";
import type { z } from "zod";
import type { OrderDTO } from "@server/modules/orders/order-dto";
import { guestInvoiceInput } from "@core/validation/documents";
import { useT } from "~/i18n/react";
import { Button } from "~/components/ui/button";
import { useMutation } from "~/lib/use-mutation";
import { postAndSave } from "~/lib/save-file";

const linkClass =
  "inline-flex items-center gap-2 rounded-full border border-line px-4 py-2 text-sm font-medium hover:bg-surface-2";

export function InvoiceLink({ order }: { order: Pick<OrderDTO, "_id" | "orderNumber" | "masked"> }) {
  const t = useT();
  if (order.masked) return <GuestInvoiceForm orderNumber={order.orderNumber} />;
  return (
    <a href={`/api/documents/orders/${order._id}/invoice`} download className={linkClass} data-testid="invoice-link">
      <FileDown className="size-4" aria-hidden />
      {t("documents.downloadInvoice")}
    </a>
  );
}

function GuestInvoiceForm({ orderNumber }: { orderNumber: string }) {
  const t = useT();
  const [phone, setPhone] = useState("");
  const download = useMutation(
    (input: z.input<typeof guestInvoiceInput>) =>
      postAndSave("/api/documents/invoice/guest", input, `invoice-${orderNumber}.pdf`),
    { schema: guestInvoiceInput, success: false, failure: "documents.downloadFailed", revalidate: false },
  );
  return (
    <form
      onSubmit={download.onSubmit(() => ({ orderNumber, phone }))}
      className="flex flex-wrap items-end gap-2"
      data-testid="guest-invoice"
    >
      <label className="flex flex-col gap-1 text-sm font-medium">
        {t("documents.phone")}
        <input
          type="tel"
          inputMode="tel"
          dir="ltr"
          autoComplete="tel"
          value={phone}
          onChange={(e) => {
            setPhone(e.target.value);
            download.clearError("phone");
          }}
          aria-invalid={!!download.error("phone") || undefined}
          className="rounded-lg border border-line bg-surface px-3 py-2 text-sm outline-none focus:border-brand-500"
        />
        {download.error("phone") ? <span className="text-xs text-red-600">{download.error("phone")}</span> : null}
      </label>
      <Button type="submit" variant="outline" loading={download.busy}>
        <FileDown className="size-4" aria-hidden />
        {t("documents.downloadInvoice")}
      </Button>
    </form>
  );
}
