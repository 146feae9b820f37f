import { lazy, Suspense } from "react";
import { Link } from "react-router";
import type { Route } from "./+types/home";
import { CATEGORIES, COLLECTIONS } from "@core/constants";
import { getHomeData, type HomeData } from "@server/modules/catalog/read/home-data";
import type { ProductDTO } from "@server/modules/catalog/product-dto";
import { listPosts } from "@server/modules/content/posts";
import { HeroCarousel } from "~/components/home/hero-carousel";
import { ProductRow, type ProductRowProps } from "~/components/home/product-row";
import { AdBlock } from "~/components/home/ad-block";
import { WishlistProvider } from "~/components/catalog/wishlist";
import { wishlistIdsFor } from "~/components/catalog/wishlist-ids.server";
import { toCardProduct } from "~/components/catalog/card-product";
import { metaTranslator } from "~/i18n/meta";
import { seoMeta, siteOrigin } from "~/components/catalog/seo";
import { EmptyState } from "~/components/ui/states";
import { NearView } from "~/components/ui/near-view";
import { useT } from "~/i18n/react";
import { useRootData } from "~/root";

// Rendered only near view, never on the server: its code loads then too (docs/decisions/350).
const PostsCarousel = lazy(() =>
  import("~/components/posts/posts-section").then((m) => ({ default: m.PostsCarousel })),
);

/** Rows the server renders with their cards: the first screen on a phone or a desktop. Later rows render near view. */
const ROWS_RENDERED_AT_ONCE = 2;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { deps, lang } = context;
  const [home, posts, wishlistIds] = await Promise.all([
    // A failed home query shows the spec's 'No Products Found' page instead of an error page.
    getHomeData(deps, lang).then(cardSized, (err: unknown) => {
      deps.log.error({ err }, "home data failed to load");
      return null;
    }),
    // The reviews are a side section: without them the home page still sells.
    listPosts(deps).catch((err: unknown) => {
      deps.log.error({ err }, "posts failed to load on the home page");
      return [];
    }),
    wishlistIdsFor(context),
  ]);
  const url = new URL(request.url);
  return {
    home,
    posts,
    wishlistIds,
    origin: siteOrigin(request, deps.config.PUBLIC_URL),
    pathname: url.pathname,
    search: url.search,
  };
}

/** The rows' products as cards only: a third of the page's data (Quick View fetches the rest). */
function cardSized(home: HomeData) {
  const cards = (products: ProductDTO[]) => products.map(toCardProduct);
  const byKey = (rows: Record<string, ProductDTO[]>) =>
    Object.fromEntries(Object.entries(rows).map(([k, v]) => [k, cards(v)]));
  return {
    promos: home.promos,
    featuredProducts: cards(home.featuredProducts),
    bestSellingProducts: cards(home.bestSellingProducts),
    categoryProducts: byKey(home.categoryProducts),
    collections: byKey(home.collections),
  };
}

export function meta({ data, matches }: Route.MetaArgs) {
  const { lang, t } = metaTranslator(matches);
  if (!data) return [{ title: t("catalog.metaHomeTitle") }];
  const image = data.home?.promos[0]?.image ?? data.home?.featuredProducts[0]?.images[0] ?? null;
  return seoMeta({
    origin: data.origin,
    pathname: data.pathname,
    search: data.search,
    lang,
    title: t("catalog.metaHomeTitle"),
    description: t("catalog.metaHomeDescription"),
    image,
  });
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { home, posts, wishlistIds } = loaderData;
  const { user } = useRootData();
  const t = useT();

  if (!home) {
    return (
      <div className="mx-auto max-w-3xl p-6" data-testid="home-no-products">
        <h1 className="sr-only">{t("common.shopName")}</h1>
        <EmptyState
          title={t("catalog.noProductsFound")}
          text={t("catalog.noProductsText")}
          action={
            <a
              href="/"
              className="rounded-full bg-brand-600 px-5 py-2 text-sm font-medium text-white hover:bg-brand-700"
            >
              {t("catalog.reload")}
            </a>
          }
        />
      </div>
    );
  }

  const rows: Omit<ProductRowProps, "cards">[] = [
    ...COLLECTIONS.filter((c) => home.collections[c]?.length).map((c) => ({
      title: t("catalog.collectionRow", { name: t(`common.collection.${c}`) }),
      products: home.collections[c]!,
      viewAllTo: `/shop?collection=${c}`,
      testId: `row-collection-${c}`,
    })),
    ...(home.featuredProducts.length
      ? [
          {
            title: t("catalog.featuredProducts"),
            products: home.featuredProducts,
            viewAllTo: "/shop",
            testId: "row-featured",
          },
        ]
      : []),
    ...(home.bestSellingProducts.length
      ? [
          {
            title: t("catalog.recommendedForYou"),
            products: home.bestSellingProducts,
            viewAllTo: "/shop",
            testId: "row-recommended",
          },
        ]
      : []),
    ...CATEGORIES.filter((c) => home.categoryProducts[c]?.length).map((c) => ({
      title: t(`common.category.${c}`),
      products: home.categoryProducts[c]!,
      viewAllTo: `/shop?category=${c}`,
      testId: `row-category-${c}`,
    })),
  ];
  return (
    <WishlistProvider ids={wishlistIds} signedIn={Boolean(user)}>
      <div className="mx-auto flex max-w-7xl flex-col gap-12 px-4 py-6 md:px-6" data-testid="home">
        <h1 className="sr-only">
          {t("common.shopName")} – {t("common.tagline")}
        </h1>
        <HeroCarousel slides={home.promos} />

        {rows.map((row, i) => (
          <ProductRow key={row.testId} {...row} cards={i < ROWS_RENDERED_AT_ONCE ? "now" : "near-view"} />
        ))}

        <AdBlock />

        <section aria-labelledby="community-title" className="flex flex-col gap-4" data-testid="home-reviews">
          <div className="flex items-end justify-between gap-4">
            <h2 id="community-title" className="text-xl font-semibold tracking-tight md:text-2xl">
              {t("catalog.communityTitle")}
            </h2>
            <Link
              to="/posts"
              className="shrink-0 text-sm font-semibold tracking-wide text-brand-700 underline-offset-4 hover:underline dark:text-brand-300"
            >
              {t("catalog.viewAll")}
              <span className="sr-only"> – {t("catalog.communityTitle")}</span>
            </Link>
          </div>
          {/* Reviews are often in Arabic: rendering them only near view spares English pages the Arabic font's 124 kB at load. */}
          <NearView placeholder={reviewsPlaceholder}>
            <Suspense fallback={reviewsPlaceholder}>
              <PostsCarousel posts={posts} canDelete={user?.role === "admin"} />
            </Suspense>
          </NearView>
        </section>
      </div>
    </WishlistProvider>
  );
}

/** Holds the reviews' place until they render near view, and while their code loads. */
const reviewsPlaceholder = (
  <div className="h-72 rounded-2xl bg-surface-2" aria-hidden data-testid="reviews-placeholder" />
);
