import { Link } from "react-router";
import type { CustomerRecordDTO } from "@server/modules/customers/customer-dto";
import { formatEgp, toPiastres } from "@core/pricing";
import { useLang, useT } from "~/i18n/react";

/**
 * An order's customer record in All Orders (issue 16): their orders by phone or e-mail and how they
 * ended, a flag at COD_REFUSAL_LIMIT refusals, whether they are blocked, and a way to block the phone.
 */
export function CustomerRecord({ record, phone }: { record: CustomerRecordDTO | undefined; phone: string }) {
  const t = useT();
  const lang = useLang();
  if (!record) return null;
  const blocked = record.blocked.phone || record.blocked.email;
  return (
    <div className="mt-1 flex flex-col gap-1 text-xs" data-testid="customer-record">
      <p className="text-muted">
        <span className="sr-only">{t("customers.recordLabel")}: </span>
        <span data-testid="record-orders">{t("customers.recordOrders", { n: record.orders })}</span>
        {" · "}
        {t("customers.recordDelivered", { n: record.delivered })}
        {" · "}
        <span data-testid="record-refused">{t("customers.recordRefused", { n: record.refused })}</span>
        {" · "}
        {t("customers.recordCancelled", { n: record.cancelled })}
        {record.totalPaid > 0 ? (
          <>
            {" · "}
            <bdi>{t("customers.recordPaid", { amount: formatEgp(toPiastres(record.totalPaid), lang) })}</bdi>
          </>
        ) : null}
      </p>
      <div className="flex flex-wrap items-center gap-1">
        {record.flagged ? (
          <span
            className="rounded-full bg-red-100 px-2 py-0.5 font-semibold text-red-900 dark:bg-red-950 dark:text-red-100"
            title={t("customers.flaggedLabel", { n: record.refused })}
            data-testid="record-flagged"
          >
            {t("customers.flagged")}
            <span className="sr-only"> ({t("customers.flaggedLabel", { n: record.refused })})</span>
          </span>
        ) : null}
        {blocked ? (
          <Link
            to="/moderator/customer-blocks"
            className="rounded-full bg-neutral-800 px-2 py-0.5 font-semibold text-white dark:bg-neutral-200 dark:text-neutral-900"
            data-testid="record-blocked"
          >
            {t("customers.blockedBadge")}
          </Link>
        ) : (
          <Link
            to={`/moderator/customer-blocks?kind=phone&value=${encodeURIComponent(phone)}`}
            className="text-brand-700 underline underline-offset-2 dark:text-brand-300"
            aria-label={t("customers.blockPhoneLabel", { phone })}
            data-testid="record-block-phone"
          >
            {t("customers.blockPhone")}
          </Link>
        )}
      </div>
    </div>
  );
}
