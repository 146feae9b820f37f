import type { Route } from "./+types/promos";
import { requireRole } from "~/lib/guards.server";
import { translate } from "~/i18n";
import { useT } from "~/i18n/react";
import { StaffPage } from "~/components/staff/staff-page";
import { ContentBoard } from "~/components/staff/content-board";

export function loader({ request, context }: Route.LoaderArgs) {
  requireRole(request, context, ["admin"]);
  return null;
}

export function meta({ matches }: Route.MetaArgs) {
  const lang = (matches[0]?.data as { lang?: "en" | "ar" } | undefined)?.lang ?? "en";
  return [{ title: translate(lang, "admin.promosTitle") }, { name: "robots", content: "noindex" }];
}

export default function Promos() {
  const t = useT();
  return (
    <StaffPage title={t("admin.promosTitle")} description={t("admin.promosIntro")} testId="promos">
      <ContentBoard kind="promos" />
    </StaffPage>
  );
}
