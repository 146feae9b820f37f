import type { Route } from "./+types/headlines";
import { listHeadlines } from "@server/modules/content/headlines";
import { requireRole } from "~/lib/guards.server";
import { initialData } from "~/components/staff/initial-data.server";
import { metaTranslator } from "~/i18n/meta";
import { useT } from "~/i18n/react";
import { StaffPage } from "~/components/staff/staff-page";
import { ContentBoard } from "~/components/staff/content-board";

export async function loader({ context, url }: Route.LoaderArgs) {
  requireRole(url, context, ["moderator", "admin"]);
  return { headlines: await initialData(context, "headlines", () => listHeadlines(context.deps.db, false)) };
}

export function meta({ matches }: Route.MetaArgs) {
  const { t: metaT } = metaTranslator(matches);
  return [{ title: metaT("staff.headlinesTitle") }, { name: "robots", content: "noindex" }];
}

export default function Headlines({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return (
    <StaffPage title={t("staff.headlinesTitle")} description={t("staff.headlinesIntro")} testId="headlines">
      <ContentBoard kind="headlines" initial={loaderData.headlines} />
    </StaffPage>
  );
}
