import { Link } from "react-router";
import type { Route } from "./+types/restock-alerts";
import { colorName, swatchColor } from "@core/color-names";
import { listWaitingCounts } from "@server/modules/back-in-stock/waiting-counts";
import { requireRole } from "~/lib/guards.server";
import { initialData } from "~/components/staff/initial-data.server";
import { useCall } from "~/lib/use-call";
import { sizeLabel } from "~/lib/size-label";
import { inPageLang } from "~/lib/text-lang";
import { metaTranslator } from "~/i18n/meta";
import { useLang, useT } from "~/i18n/react";
import { StaffPage } from "~/components/staff/staff-page";
import { StaffTable, td } from "~/components/staff/table-scroll";
import { QueryStatus } from "~/components/staff/query-status";

export async function loader({ context, url }: Route.LoaderArgs) {
  requireRole(url, context, ["moderator", "admin"]);
  const variants = await initialData(context, "restock alerts", () => listWaitingCounts(context.deps.db));
  return { waiting: variants && { variants } };
}

export function meta({ matches }: Route.MetaArgs) {
  const { t: metaT } = metaTranslator(matches);
  return [{ title: metaT("alerts.staffTitle") }, { name: "robots", content: "noindex" }];
}

/** Who waits for which sold-out size and colour (issue 15, part 5), most awaited first. */
export default function RestockAlerts({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const query = useCall("GET /back-in-stock/waiting", { query: {} }, loaderData.waiting);
  const variants = query.data?.variants ?? [];
  const colorLabel = (c: string) => {
    const n = colorName(c);
    return n ? t(`catalog.color.${n}`) : c;
  };
  return (
    <StaffPage title={t("alerts.staffTitle")} description={t("alerts.staffIntro")} testId="restock-alerts-screen">
      <QueryStatus query={query} empty={variants.length === 0} emptyTitle={t("alerts.none")} />
      {variants.length ? (
        <StaffTable
          label={t("alerts.staffTitle")}
          testId="restock-alerts-table"
          headers={[t("alerts.product"), t("alerts.size"), t("alerts.color"), t("alerts.waiting")]}
        >
          {variants.map((v) => (
            <tr key={`${v.productId}|${v.size}|${v.color}`}>
              <td className={td}>
                <Link to={`/product/${v.productId}`} className="font-medium underline underline-offset-4">
                  <bdi>{inPageLang(v.name, v.nameAr, lang)}</bdi>
                </Link>
                <div className="text-xs text-muted">
                  <bdi>{v.code}</bdi>
                </div>
              </td>
              <td className={td}>
                <bdi>{sizeLabel(v.size, t)}</bdi>
              </td>
              <td className={td}>
                <span className="inline-flex items-center gap-2">
                  <span
                    aria-hidden
                    className="inline-block size-4 rounded-full border border-line"
                    style={{ background: swatchColor(v.color) }}
                  />
                  {colorLabel(v.color)}
                </span>
              </td>
              <td className={`${td} tabular-nums`} data-testid="waiting-count">
                <bdi>{v.waiting}</bdi>
              </td>
            </tr>
          ))}
        </StaffTable>
      ) : null}
    </StaffPage>
  );
}
