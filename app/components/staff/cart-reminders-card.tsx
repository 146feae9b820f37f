/**
 * The moderator dashboard's bag-reminder figures (issue 16, part 6): reminders sent in the last 30
 * days and carts that came back (an order within 7 days of the reminder, decision 302). Loaded on
 * its own, so the dashboard's loader and its other figures are untouched by it.
 */
import { useLang, useT } from "~/i18n/react";
import { useCall } from "~/lib/use-call";
import { ErrorBlock, Spinner } from "~/components/ui/states";
import { FigureCard } from "~/components/staff/chart-card";
import { StaffSection } from "~/components/staff/staff-page";
import { staffLocale } from "~/components/staff/codes";

export function CartRemindersCard() {
  const t = useT();
  const lang = useLang();
  const query = useCall("GET /cart-reminders/stats", {});
  const s = query.data;
  const count = (n: number) => n.toLocaleString(staffLocale(lang));
  return (
    <StaffSection title={t("reminders.staffTitle")} id="bag-reminders">
      {query.loading && !s ? <Spinner /> : null}
      {query.error ? <ErrorBlock message={query.error} onRetry={() => void query.reload()} /> : null}
      {s ? (
        <>
          <div className="grid grid-cols-2 gap-3">
            <FigureCard
              label={t("reminders.staffSent", { days: s.days })}
              value={count(s.sent)}
              testId="reminders-sent"
            />
            <FigureCard label={t("reminders.staffCameBack")} value={count(s.cameBack)} testId="reminders-came-back" />
          </div>
          <p className="text-sm text-muted">
            {t("reminders.staffAllTime", { sent: count(s.sentAllTime), back: count(s.cameBackAllTime) })}
          </p>
          <p className="text-xs text-muted">{t("reminders.staffNote", { days: s.comebackDays })}</p>
        </>
      ) : null}
    </StaffSection>
  );
}
