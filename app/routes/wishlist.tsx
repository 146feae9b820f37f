import { useCallback, useState } from "react";
import { Link } from "react-router";
import type { Route } from "./+types/wishlist";
import { getWishlist } from "@server/modules/catalog/wishlist";
import { toCardProduct } from "@server/modules/catalog/card-product";
import { ProductCard } from "~/components/catalog/product-card";
import { cardSizes } from "~/components/catalog/image-sources";
import { WishlistProvider } from "~/components/catalog/wishlist";
import { metaTranslator } from "~/i18n/meta";
import { requireUser } from "~/lib/guards.server";
import { EmptyState, PageTitle } from "~/components/ui/states";
import { useT } from "~/i18n/react";

export async function loader({ context, url }: Route.LoaderArgs) {
  const user = requireUser(url, context);
  // Cards only, as on the shop page (decision 376): Quick View fetches the rest when opened.
  return { products: (await getWishlist(context.deps, user._id)).map(toCardProduct) };
}

export function meta({ matches }: Route.MetaArgs) {
  const { t } = metaTranslator(matches);
  return [{ title: t("catalog.metaWishlistTitle") }, { name: "robots", content: "noindex" }];
}

export default function Wishlist({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const [products, setProducts] = useState(loaderData.products);
  // A removed heart takes its card off this page at once.
  const onChange = useCallback((id: string, inList: boolean) => {
    if (!inList) setProducts((p) => p.filter((x) => x._id !== id));
  }, []);
  return (
    <WishlistProvider ids={loaderData.products.map((p) => p._id)} signedIn onChange={onChange}>
      <div className="mx-auto max-w-7xl px-4 py-6 md:px-6" data-testid="wishlist-page">
        <PageTitle>{t("catalog.wishlistTitle")}</PageTitle>
        {products.length ? (
          <ul className="grid grid-cols-2 gap-4 md:gap-6 lg:grid-cols-3 xl:grid-cols-4" data-testid="wishlist-grid">
            {products.map((p, i) => (
              <li key={p._id}>
                <ProductCard product={p} sizes={cardSizes(4)} eager={i < 4} headingLevel={2} />
              </li>
            ))}
          </ul>
        ) : (
          <div data-testid="wishlist-empty">
            <EmptyState
              title={t("catalog.wishlistEmpty")}
              text={t("catalog.wishlistEmptyText")}
              action={
                <Link
                  to="/shop"
                  className="rounded-full bg-brand-600 px-5 py-2 text-sm font-medium text-white hover:bg-brand-700"
                >
                  {t("catalog.browseShop")}
                </Link>
              }
            />
          </div>
        )}
      </div>
    </WishlistProvider>
  );
}
