import { lazy, Suspense, useMemo } from "react";
import { Link } from "react-router";
import type { Route } from "./+types/home";
import type { Category, Collection } from "@core/constants";
import { getHomeData, type HomeData } from "@server/modules/catalog/read/home-data";
import { homeRows, type HomeRowKey } from "@server/modules/catalog/read/home-rows";
import { HeroCarousel } from "~/components/home/hero-carousel";
import { ProductRow } from "~/components/home/product-row";
import { laterRows } from "~/components/home/later-rows";
import { AdBlock } from "~/components/home/ad-block";
import { WishlistProvider } from "~/components/catalog/wishlist";
import { wishlistIdsFor } from "~/components/catalog/wishlist-ids.server";
import { metaTranslator } from "~/i18n/meta";
import { seoMeta, siteOrigin } from "~/components/catalog/seo";
import { EmptyState } from "~/components/ui/states";
import { NearView } from "~/components/ui/near-view";
import { useT } from "~/i18n/react";
import { useRootData } from "~/root";

// Rendered only near view, never on the server: its code loads then too (docs/decisions/350), and
// it asks for the reviews then (decision 404).
const HomeReviews = lazy(() => import("~/components/posts/home-reviews"));

/**
 * The row whose cards come with the page: under the hero, it is the rest of the first screen on a
 * phone and on a desktop. Later rows fetch theirs and render them when scrolled near (decisions
 * 080, 362); a second row sent with the page put the HTML past one round trip of a new connection
 * (decision 404).
 */
const ROWS_RENDERED_AT_ONCE = 1;

export async function loader({ context, url }: Route.LoaderArgs) {
  const { deps, lang } = context;
  const [home, wishlistIds] = await Promise.all([
    // A failed home query shows the spec's 'No Products Found' page instead of an error page.
    getHomeData(deps, lang).then(homeForPage, (err: unknown) => {
      deps.log.error({ err }, "home data failed to load");
      return null;
    }),
    wishlistIdsFor(context),
  ]);
  return {
    home,
    wishlistIds,
    origin: siteOrigin(url, deps.config.PUBLIC_URL),
    pathname: url.pathname,
    search: url.search,
  };
}

/** The hero's slides, the first rows with their cards, and of the later rows only their size. */
function homeForPage(home: HomeData) {
  return {
    promos: home.promos,
    rows: homeRows(home).map((row, i) =>
      i < ROWS_RENDERED_AT_ONCE ? row : { key: row.key, count: row.cards.length, cards: undefined },
    ),
  };
}

export function meta({ data, matches }: Route.MetaArgs) {
  const { lang, t } = metaTranslator(matches);
  if (!data) return [{ title: t("catalog.metaHomeTitle") }];
  const image = data.home?.promos[0]?.image ?? data.home?.rows[0]?.cards?.[0]?.images[0] ?? null;
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
  const { home, wishlistIds } = loaderData;
  const { user } = useRootData();
  const t = useT();
  // One fetch for every later row, per visit of the page (a new loader answer, a new fetch).
  const later = useMemo(() => laterRows(home?.rows ?? []), [home]);

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

  return (
    <WishlistProvider ids={wishlistIds} signedIn={Boolean(user)}>
      <div className="mx-auto flex max-w-7xl flex-col gap-12 px-4 py-6 md:px-6" data-testid="home">
        <h1 className="sr-only">
          {t("common.shopName")} – {t("common.tagline")}
        </h1>
        <HeroCarousel slides={home.promos} />

        {home.rows.map((row) => (
          <ProductRow
            key={row.key}
            {...rowLabels(row.key, t)}
            products={row.cards}
            later={row.cards ? undefined : later.get(row.key)}
          />
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
              <HomeReviews canDelete={user?.role === "admin"} placeholder={reviewsPlaceholder} />
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

/** A row's heading, its VIEW ALL address and its test id, from its key (home-rows.ts). */
function rowLabels(key: HomeRowKey | string, t: ReturnType<typeof useT>) {
  if (key === "featured") return { title: t("catalog.featuredProducts"), viewAllTo: "/shop", testId: "row-featured" };
  if (key === "recommended")
    return { title: t("catalog.recommendedForYou"), viewAllTo: "/shop", testId: "row-recommended" };
  const [kind, name] = key.split(":") as ["collection" | "category", string];
  if (kind === "collection")
    return {
      title: t("catalog.collectionRow", { name: t(`common.collection.${name as Collection}`) }),
      viewAllTo: `/shop?collection=${name}`,
      testId: `row-collection-${name}`,
    };
  return {
    title: t(`common.category.${name as Category}`),
    viewAllTo: `/shop?category=${name}`,
    testId: `row-category-${name}`,
  };
}
