import type { Route } from "./+types/promos";
import { listBanners } from "@server/modules/content/banners";
import { requireRole } from "~/lib/guards.server";
import { initialData } from "~/components/staff/initial-data.server";
import { metaTranslator } from "~/i18n/meta";
import { useT } from "~/i18n/react";
import { StaffPage } from "~/components/staff/staff-page";
import { ContentBoard } from "~/components/staff/content-board";

export async function loader({ request, context }: Route.LoaderArgs) {
  requireRole(request, context, ["admin"]);
  return { banners: await initialData(context, "banners", () => listBanners(context.deps.db, false)) };
}

export function meta({ matches }: Route.MetaArgs) {
  const metaT = metaTranslator(matches);
  return [{ title: metaT("admin.promosTitle") }, { name: "robots", content: "noindex" }];
}

export default function Promos({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return (
    <StaffPage title={t("admin.promosTitle")} description={t("admin.promosIntro")} testId="promos">
      <ContentBoard kind="promos" initial={loaderData.banners} />
    </StaffPage>
  );
}
