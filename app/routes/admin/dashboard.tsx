import { useEffect, useState } from "react";
import { Link } from "react-router";
import type { Route } from "./+types/dashboard";
import { COLLECTIONS } from "@core/constants";
import { getAdminAnalytics } from "@server/modules/back-office/analytics";
import { listAuditLog } from "@server/modules/audit/audit";
import { requireRole } from "~/lib/guards.server";
import { initialData } from "~/components/staff/initial-data.server";
import { call } from "~/lib/api-client";
import { useMutation } from "~/lib/use-mutation";
import { metaTranslator } from "~/i18n/meta";
import { useLang, useT } from "~/i18n/react";
import { Button } from "~/components/ui/button";
import { ErrorBlock, Spinner } from "~/components/ui/states";
import { StaffPage, StaffSection } from "~/components/staff/staff-page";
import { useCall } from "~/lib/use-call";
import { ChartCard, FigureCard, toSeries, useDateLabel } from "~/components/staff/chart-card";
import { TimeSeriesChart } from "~/components/staff/lazy-charts";
import { AUDIT_PAGE_SIZE, AuditLog } from "~/components/staff/audit-log";
import { staffLocale } from "~/components/staff/codes";

export async function loader({ context, url }: Route.LoaderArgs) {
  requireRole(url, context, ["admin"]);
  const [analytics, audit] = await Promise.all([
    initialData(context, "admin analytics", () => getAdminAnalytics(context.deps.db)),
    initialData(context, "audit log", () => listAuditLog(context.deps.db, 1, AUDIT_PAGE_SIZE)),
  ]);
  return { analytics, audit };
}

export function meta({ matches }: Route.MetaArgs) {
  const { t: metaT } = metaTranslator(matches);
  return [{ title: metaT("admin.dashboardTitle") }, { name: "robots", content: "noindex" }];
}

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const dateLabel = useDateLabel();
  const query = useCall("GET /admin/analytics", {}, loaderData.analytics);
  const a = query.data;
  const count = (n: number) => n.toLocaleString(staffLocale(lang));

  return (
    <StaffPage
      title={t("admin.dashboardTitle")}
      description={t("admin.dashboardIntro")}
      actions={
        <a href="#audit-log" className="rounded-full border border-line px-4 py-2 text-sm hover:bg-surface-2">
          {t("admin.auditLog")}
        </a>
      }
      testId="admin-dashboard"
    >
      {query.loading && !a ? <Spinner /> : null}
      {query.error ? <ErrorBlock message={query.error} onRetry={() => void query.reload()} /> : null}
      {a ? (
        <>
          <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
            <FigureCard label={t("admin.totalUsers")} value={count(a.totalUsers)} testId="figure-users" />
            <FigureCard label={t("admin.usersThisMonth")} value={count(a.totalUsersThisMonth)} />
            <FigureCard label={t("admin.categoryCount")} value={count(a.categoryCount ?? 10)} />
            <FigureCard
              label={t("admin.collectionCount")}
              value={count(a.collectionCount ?? COLLECTIONS.length)}
              hint={t("admin.activeCount", { n: a.totalActiveCollections })}
              testId="figure-collections"
            />
          </div>
          <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
            <ChartCard
              title={t("admin.usersOverTime")}
              valueLabel={t("admin.newUsers")}
              data={toSeries(a.usersOverTimeDate, ["count"], dateLabel)}
            >
              <TimeSeriesChart
                data={toSeries(a.usersOverTimeDate, ["count"], dateLabel)}
                name={t("admin.newUsers")}
                color="#2563eb"
              />
            </ChartCard>
            <ChartCard
              title={t("admin.ordersOverTime")}
              valueLabel={t("admin.orders")}
              data={toSeries(a.ordersOverTimeDate, ["count"], dateLabel)}
            >
              <TimeSeriesChart
                data={toSeries(a.ordersOverTimeDate, ["count"], dateLabel)}
                name={t("admin.orders")}
                color="#16a34a"
              />
            </ChartCard>
          </div>
          <CollectionsPicker
            active={a.activeCollections}
            onSaved={(list) =>
              query.setData((prev) =>
                prev ? { ...prev, activeCollections: list, totalActiveCollections: list.length } : prev,
              )
            }
          />
        </>
      ) : null}
      <StaffSection title={t("admin.auditLog")} id="audit-log">
        <AuditLog initial={loaderData.audit} />
      </StaffSection>
      <p className="text-sm text-muted">
        <Link to="/admin/pending-products" className="underline">
          {t("admin.pendingTitle")}
        </Link>
      </p>
    </StaffPage>
  );
}

/** Which collections are active, and so which rows the home page shows (SPEC §2). */
function CollectionsPicker({ active, onSaved }: { active: string[]; onSaved: (list: string[]) => void }) {
  const t = useT();
  const [chosen, setChosen] = useState<string[]>(active);
  useEffect(() => setChosen(active), [active]);
  const changed = chosen.length !== active.length || chosen.some((c) => !active.includes(c));
  // The picker offers only COLLECTIONS; the server refuses any other name (400).
  const save = useMutation(
    (collections: (typeof COLLECTIONS)[number][]) =>
      call("POST /admin/set-active-collections", { body: { collections } }),
    {
      revalidate: false,
      onSuccess: (reply) => onSaved(reply.activeCollections),
    },
  );

  return (
    <StaffSection
      title={t("admin.activeCollections")}
      id="active-collections"
      actions={
        <Button
          onClick={() => void save.submit(chosen as (typeof COLLECTIONS)[number][])}
          loading={save.busy}
          disabled={!changed}
          data-testid="save-collections"
        >
          {t("admin.saveCollections")}
        </Button>
      }
    >
      <p className="text-sm text-muted">{t("admin.activeCollectionsHint")}</p>
      <fieldset className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-6" data-testid="collections-picker">
        <legend className="sr-only">{t("admin.activeCollections")}</legend>
        {COLLECTIONS.map((c) => (
          <label
            key={c}
            className="inline-flex items-center gap-2 rounded-lg border border-line p-2 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 dark:has-[:checked]:bg-brand-900/30"
          >
            <input
              type="checkbox"
              className="size-4 accent-brand-600"
              value={c}
              checked={chosen.includes(c)}
              onChange={(e) =>
                setChosen((list) =>
                  e.target.checked
                    ? COLLECTIONS.filter((x) => x === c || list.includes(x))
                    : list.filter((x) => x !== c),
                )
              }
            />
            {t(`common.collection.${c}`)}
          </label>
        ))}
      </fieldset>
    </StaffSection>
  );
}
