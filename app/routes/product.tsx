import { isStaff } from "@core/roles";
import { Pencil, Trash2 } from "lucide-react";
import { useState } from "react";
import { Link, redirect, useNavigate } from "react-router";
import type { Route } from "./+types/product";
import { getProduct } from "@server/modules/catalog/read/get-product";
import { AppError } from "@server/errors";
import { ProductDetails } from "~/components/catalog/product-details";
import { WishlistProvider } from "~/components/catalog/wishlist";
import { wishlistIdsFor } from "~/components/catalog/wishlist-ids.server";
import { productDescription, productName } from "~/components/catalog/product-text";
import { metaTranslator } from "~/i18n/meta";
import { productJsonLd, seoMeta, siteOrigin } from "~/components/catalog/seo";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/dialog";
import { call } from "~/lib/api-client";
import { useMutation } from "~/lib/use-mutation";
import { useT } from "~/i18n/react";
import { useRootData } from "~/root";

export async function loader({ params, context, url }: Route.LoaderArgs) {
  const { deps, user } = context;
  const product = await getProduct(deps, params.id, user).catch((e: unknown) => {
    // Unknown, malformed, pending or deleted: the shop says 'Product not found' (SPEC §8).
    if (e instanceof AppError && e.kind === "not_found") throw redirect("/shop?notice=productNotFound");
    throw e;
  });
  return {
    product,
    wishlistIds: await wishlistIdsFor(context),
    origin: siteOrigin(url, deps.config.PUBLIC_URL),
    pathname: url.pathname,
    search: url.search,
  };
}

export function meta({ data, matches }: Route.MetaArgs) {
  const { lang, t } = metaTranslator(matches);
  if (!data) return [{ title: t("catalog.productNotFound") }];
  const { product: p, origin } = data;
  const name = productName(p, lang);
  const description = productDescription(p, lang).replace(/\s+/g, " ").trim().slice(0, 160);
  return [
    ...seoMeta({
      origin,
      pathname: data.pathname,
      search: data.search,
      lang,
      title: t("catalog.metaProductTitle", { name }),
      description,
      image: p.images[0] ?? null,
      type: "product",
      // Staff can open pending and deleted products; those must never be indexed.
      noindex: p.hidden || p.status !== "approved",
      jsonLd: productJsonLd(p, { name, description }, origin),
    }),
    { property: "product:price:amount", content: p.totalPrice.toFixed(2) },
    { property: "product:price:currency", content: "EGP" },
  ];
}

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const { product, wishlistIds } = loaderData;
  const { user } = useRootData();
  const staff = isStaff(user);
  return (
    <WishlistProvider ids={wishlistIds} signedIn={Boolean(user)}>
      <div className="mx-auto max-w-6xl px-4 py-6 md:px-6" data-testid="product-page">
        <ProductDetails
          key={product._id}
          product={product}
          actions={staff ? <StaffActions productId={product._id} /> : null}
        />
      </div>
    </WishlistProvider>
  );
}

/** Edit Product and Delete, for moderators and admins (SPEC §2 Product page). */
function StaffActions({ productId }: { productId: string }) {
  const t = useT();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const remove = useMutation(() => call("DELETE /products/:id", { params: { id: productId } }), {
    success: "catalog.productDeleted",
    revalidate: false,
    onSuccess: () => {
      setConfirming(false);
      navigate("/shop");
    },
  });

  return (
    <div className="flex flex-wrap gap-3 border-t border-line pt-4" data-testid="staff-actions">
      <Link
        to={`/moderator/edit-product/${productId}`}
        className="inline-flex h-10 items-center gap-2 rounded-full border border-line px-4 text-sm font-medium hover:bg-surface-2"
        data-testid="edit-product"
      >
        <Pencil className="size-4" aria-hidden />
        {t("catalog.editProduct")}
      </Link>
      <Button variant="danger" onClick={() => setConfirming(true)} data-testid="delete-product">
        <Trash2 className="size-4" aria-hidden />
        {t("catalog.deleteProduct")}
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t("catalog.deleteConfirmTitle")}
        description={t("catalog.deleteConfirmText")}
        confirmLabel={t("catalog.deleteProduct")}
        onConfirm={() => void remove.submit(undefined)}
        loading={remove.busy}
      />
    </div>
  );
}
