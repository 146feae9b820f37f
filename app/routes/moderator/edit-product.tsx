import { Link } from "react-router";
import type { Route } from "./+types/edit-product";
import { getProduct } from "@server/modules/catalog/read/get-product";
import { requireRole } from "~/lib/guards.server";
import { initialData } from "~/components/staff/initial-data.server";
import { metaTranslator } from "~/i18n/meta";
import { useT } from "~/i18n/react";
import { ErrorBlock, Spinner } from "~/components/ui/states";
import { StaffPage } from "~/components/staff/staff-page";
import { ProductForm } from "~/components/staff/product-form";
import { useCall } from "~/lib/use-call";

export async function loader({ context, params, url }: Route.LoaderArgs) {
  const user = requireRole(url, context, ["moderator", "admin"]);
  return {
    id: params.id,
    product: await initialData(context, "product", () => getProduct(context.deps, params.id, user)),
  };
}

export function meta({ matches }: Route.MetaArgs) {
  const { t: metaT } = metaTranslator(matches);
  return [{ title: metaT("staff.editProductTitle") }, { name: "robots", content: "noindex" }];
}

/** Edit loads the product first (SPEC §2), then shows the same form as Add. */
export default function EditProduct({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const query = useCall("GET /products/:id", { params: { id: loaderData.id } }, loaderData.product);
  const product = query.data;
  return (
    <StaffPage
      title={t("staff.editProductTitle")}
      description={product ? product.name : undefined}
      actions={
        product ? (
          <Link
            to={`/product/${product._id}`}
            className="rounded-full border border-line px-4 py-2 text-sm hover:bg-surface-2"
          >
            {t("staff.viewInShop")}
          </Link>
        ) : null
      }
      testId="edit-product"
    >
      {query.loading && !product ? <Spinner /> : null}
      {query.error ? <ErrorBlock message={query.error} onRetry={() => void query.reload()} /> : null}
      {product ? <ProductForm key={product._id} product={product} onSaved={(p) => query.setData(p)} /> : null}
    </StaffPage>
  );
}
