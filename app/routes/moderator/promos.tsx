import type { Route } from "./+types/promos";
import { listBanners } from "@server/modules/content/banners";
import { requireRole } from "~/lib/guards.server";
import { initialData } from "~/components/staff/initial-data.server";
import { metaTranslator } from "~/i18n/meta";
import { PromosScreen } from "~/components/staff/promos-screen";

/**
 * SPEC §6 gives moderators the promo banners; the route table lists only /admin/promos, so the
 * moderator panel gets the same screen at /moderator/promos (docs/decisions/135).
 */
export async function loader({ context, url }: Route.LoaderArgs) {
  requireRole(url, context, ["moderator", "admin"]);
  return { banners: await initialData(context, "banners", () => listBanners(context.deps.db, false)) };
}

export function meta({ matches }: Route.MetaArgs) {
  const { t: metaT } = metaTranslator(matches);
  return [{ title: metaT("admin.promosTitle") }, { name: "robots", content: "noindex" }];
}

export default function ModeratorPromos({ loaderData }: Route.ComponentProps) {
  return <PromosScreen banners={loaderData.banners} />;
}
