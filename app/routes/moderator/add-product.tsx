import type { Route } from "./+types/add-product";
import { requireRole } from "~/lib/guards.server";
import { metaTranslator } from "~/i18n/meta";
import { useT } from "~/i18n/react";
import { StaffPage } from "~/components/staff/staff-page";
import { ProductForm } from "~/components/staff/product-form";

export function loader({ context, url }: Route.LoaderArgs) {
  requireRole(url, context, ["moderator", "admin"]);
  return { role: context.user!.role };
}

export function meta({ matches }: Route.MetaArgs) {
  const { t: metaT } = metaTranslator(matches);
  return [{ title: metaT("staff.addProductTitle") }, { name: "robots", content: "noindex" }];
}

export default function AddProduct({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return (
    <StaffPage
      title={t("staff.addProductTitle")}
      description={loaderData.role === "admin" ? t("staff.addProductIntroAdmin") : t("staff.addProductIntro")}
      testId="add-product"
    >
      <ProductForm />
    </StaffPage>
  );
}
