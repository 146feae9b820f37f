import type { BannerAdminDTO } from "@server/modules/content/content-dto";
import { useT } from "~/i18n/react";
import { StaffPage } from "./staff-page";
import { ContentBoard } from "./content-board";

/** The promo banners screen, shared by /admin/promos and /moderator/promos (docs/decisions/135). */
export function PromosScreen({ banners }: { banners: BannerAdminDTO[] | null }) {
  const t = useT();
  return (
    <StaffPage title={t("admin.promosTitle")} description={t("admin.promosIntro")} testId="promos">
      <ContentBoard kind="promos" initial={banners} />
    </StaffPage>
  );
}
