import { Link } from "react-router";
import type { Route } from "./+types/dashboard";
import { formatEgp, toPiastres } from "@core/pricing";
import { getModeratorAnalytics } from "@server/modules/back-office/analytics";
import { requireRole } from "~/lib/guards.server";
import { initialData } from "~/components/staff/initial-data.server";
import { metaTranslator } from "~/i18n/meta";
import { useLang, useT } from "~/i18n/react";
import { EmptyState, ErrorBlock, Spinner } from "~/components/ui/states";
import { StaffPage, StaffSection } from "~/components/staff/staff-page";
import { useCall } from "~/lib/use-call";
import { ChartCard, FigureCard, toSeries, useDateLabel } from "~/components/staff/chart-card";
import { RankBarChart, ShareChart, TimeSeriesChart } from "~/components/staff/lazy-charts";
import { staffLocale } from "~/components/staff/codes";
import { variantLabel } from "~/components/catalog/variant-label";
import { inPageLang, textLang } from "~/lib/text-lang";
import { CartRemindersCard } from "~/components/staff/cart-reminders-card";
import { ReturnFigures } from "~/components/staff/return-figures";

export async function loader({ context, url }: Route.LoaderArgs) {
  requireRole(url, context, ["moderator", "admin"]);
  return { analytics: await initialData(context, "moderator analytics", () => getModeratorAnalytics(context.deps.db)) };
}

export function meta({ matches }: Route.MetaArgs) {
  const { t: metaT } = metaTranslator(matches);
  return [{ title: metaT("staff.dashboardTitle") }, { name: "robots", content: "noindex" }];
}

/** The moderator analytics of SPEC §3 as figures and charts. */
export default function ModeratorDashboard({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const dateLabel = useDateLabel();
  const query = useCall("GET /moderator/analytics", {}, loaderData.analytics);
  const a = query.data;
  const egp = (n: number) => formatEgp(toPiastres(n), lang);
  const count = (n: number) => n.toLocaleString(staffLocale(lang));
  /** A rate as a whole percent ("83%"), or a note while nothing was counted yet. */
  const percent = (rate: number | null) =>
    rate === null
      ? t("customers.noRate")
      : new Intl.NumberFormat(staffLocale(lang), { style: "percent", maximumFractionDigits: 0 }).format(rate);
  /** A product's name in the page's language, marked when it stays English on an Arabic page. */
  const name = (p: { name: string; nameAr?: string | null }) => {
    const shown = inPageLang(p.name, p.nameAr, lang);
    return (
      <span {...textLang(shown, lang)} data-testid="staff-product-name">
        {shown}
      </span>
    );
  };

  return (
    <StaffPage title={t("staff.dashboardTitle")} description={t("staff.dashboardIntro")} testId="moderator-dashboard">
      {query.loading && !a ? <Spinner /> : null}
      {query.error ? <ErrorBlock message={query.error} onRetry={() => void query.reload()} /> : null}
      {a ? (
        <>
          <div className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6">
            <FigureCard label={t("staff.totalRevenue")} value={egp(a.totalRevenue)} testId="figure-revenue" />
            <FigureCard label={t("staff.totalOrders")} value={count(a.totalOrders)} testId="figure-orders" />
            <FigureCard label={t("staff.ordersThisMonth")} value={count(a.ordersThisMonth)} />
            <FigureCard label={t("staff.averageOrderValue")} value={egp(a.averageOrderValue)} />
            <FigureCard label={t("staff.totalProducts")} value={count(a.totalProducts)} />
            <FigureCard label={t("staff.hiddenProducts")} value={count(a.hiddenProducts)} />
          </div>
          {/* Issue 16: how cash on delivery goes, over the orders of the last 30 days. */}
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
            {[
              {
                id: "confirmation",
                label: t("customers.confirmationRate"),
                rate: a.codRates.confirmationRate,
                hint: t("customers.confirmationRateHelp", {
                  confirmed: count(a.codRates.confirmed),
                  asked: count(a.codRates.needingConfirmation),
                }),
              },
              {
                id: "refusal",
                label: t("customers.refusalRate"),
                rate: a.codRates.refusalRate,
                hint: t("customers.refusalRateHelp", {
                  refused: count(a.codRates.refused),
                  shipped: count(a.codRates.shipped),
                }),
              },
            ].map((r) => (
              <FigureCard
                key={r.id}
                label={r.label}
                value={percent(r.rate)}
                hint={r.hint}
                testId={`figure-${r.id}-rate`}
              />
            ))}
          </div>
          <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
            <ChartCard
              title={t("staff.revenueOverTime")}
              valueLabel={t("staff.revenue")}
              data={toSeries(a.revenueOverTime, ["revenue"], dateLabel)}
              format={egp}
            >
              <TimeSeriesChart
                data={toSeries(a.revenueOverTime, ["revenue"], dateLabel)}
                name={t("staff.revenue")}
                format={egp}
              />
            </ChartCard>
            <ChartCard
              title={t("staff.refundsOverTime")}
              valueLabel={t("staff.refunds")}
              data={toSeries(a.refundAmountsOverTime, ["amount"], dateLabel)}
              format={egp}
            >
              <TimeSeriesChart
                data={toSeries(a.refundAmountsOverTime, ["amount"], dateLabel)}
                name={t("staff.refunds")}
                color="#dc2626"
                format={egp}
              />
            </ChartCard>
            <ChartCard
              title={t("staff.topCategories")}
              valueLabel={t("staff.unitsSold")}
              data={a.topCategories.map((c) => ({ label: t(`common.category.${c.name}`), value: c.value }))}
            >
              {a.topCategories.length > 0 ? (
                <RankBarChart
                  data={a.topCategories.map((c) => ({ label: t(`common.category.${c.name}`), value: c.value }))}
                  name={t("staff.unitsSold")}
                />
              ) : (
                <p className="text-sm text-muted">{t("staff.noSalesYet")}</p>
              )}
            </ChartCard>
            <ChartCard
              title={t("staff.topPaymentMethods")}
              valueLabel={t("staff.ordersCount")}
              data={a.topPaymentMethods.map((m) => ({ label: t(`common.payment.${m.name}`), value: m.value }))}
            >
              {a.topPaymentMethods.length > 0 ? (
                <ShareChart
                  data={a.topPaymentMethods.map((m) => ({ label: t(`common.payment.${m.name}`), value: m.value }))}
                />
              ) : (
                <p className="text-sm text-muted">{t("staff.noSalesYet")}</p>
              )}
            </ChartCard>
          </div>
          <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
            <StaffSection title={t("staff.mostSold")} id="most-sold">
              {a.mostSoldProducts.length === 0 ? (
                <p className="text-sm text-muted">{t("staff.noSalesYet")}</p>
              ) : (
                <ol className="flex flex-col divide-y divide-line">
                  {a.mostSoldProducts.map((p, i) => (
                    <li key={p._id} className="flex items-center justify-between gap-3 py-2 text-sm">
                      <Link to={`/product/${p._id}`} className="hover:underline">
                        <span className="me-2 text-muted">{i + 1}.</span>
                        {name(p)}
                      </Link>
                      <span className="whitespace-nowrap font-medium">{t("staff.soldN", { n: p.sales })}</span>
                    </li>
                  ))}
                </ol>
              )}
            </StaffSection>
            <StaffSection title={t("staff.lowStock")} id="low-stock">
              {a.lowStockProducts.length === 0 ? (
                <EmptyState title={t("staff.noLowStock")} />
              ) : (
                <ul className="flex flex-col divide-y divide-line">
                  {a.lowStockProducts.map((p) => (
                    <li key={`${p._id} ${p.size} ${p.color}`} className="flex items-center gap-3 py-2 text-sm">
                      {p.images[0] ? (
                        <img src={p.images[0]} alt="" className="size-10 rounded object-cover" loading="lazy" />
                      ) : null}
                      <Link to={`/moderator/edit-product/${p._id}`} className="flex-1 hover:underline">
                        {name(p)}
                        <span className="ms-2 text-muted">
                          <bdi>{variantLabel(p.size, p.color, t)}</bdi>
                        </span>
                      </Link>
                      <span
                        className={`whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ${p.stock === 0 ? "bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200" : "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200"}`}
                      >
                        {t("staff.inStockN", { n: p.stock })}
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </StaffSection>
          </div>
          <CartRemindersCard />
          <ReturnFigures rate={a.returnRate} reasons={a.topReturnReasons} count={count} />
        </>
      ) : null}
    </StaffPage>
  );
}
