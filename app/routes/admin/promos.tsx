import type { Route } from "./+types/promos";
import { listBanners } from "@server/modules/content/banners";
import { requireRole } from "~/lib/guards.server";
import { initialData } from "~/components/staff/initial-data.server";
import { metaTranslator } from "~/i18n/meta";
import { PromosScreen } from "~/components/staff/promos-screen";

export async function loader({ context, url }: Route.LoaderArgs) {
  requireRole(url, context, ["admin"]);
  return { banners: await initialData(context, "banners", () => listBanners(context.deps.db, false)) };
}

export function meta({ matches }: Route.MetaArgs) {
  const { t: metaT } = metaTranslator(matches);
  return [{ title: metaT("admin.promosTitle") }, { name: "robots", content: "noindex" }];
}

export default function Promos({ loaderData }: Route.ComponentProps) {
  return <PromosScreen banners={loaderData.banners} />;
}
