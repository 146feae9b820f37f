import { LayoutGrid, Grid3x3, SlidersHorizontal } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link, redirect, useLocation, useNavigate, useNavigation } from "react-router";
import type { Route } from "./+types/shop";
import { LIMITS } from "@core/constants";
import { shopQueryFromUrl } from "@core/shop-query-url";
import { listProducts } from "@server/modules/catalog/read/list-products";
import { toCardProduct } from "@server/modules/catalog/card-product";
import { ProductCard } from "~/components/catalog/product-card";
import { FilterPanel } from "~/components/catalog/filter-panel";
import { BottomSheet } from "~/components/catalog/bottom-sheet";
import { Pagination } from "~/components/catalog/pagination";
import { ProductCount } from "~/components/catalog/product-count";
import { cardSizes } from "~/components/catalog/image-sources";
import { clampPage } from "~/components/catalog/page-window";
import { WishlistProvider } from "~/components/catalog/wishlist";
import { wishlistIdsFor } from "~/components/catalog/wishlist-ids.server";
import { metaTranslator } from "~/i18n/meta";
import { seoMeta, siteOrigin } from "~/components/catalog/seo";
import {
  SORT_OPTIONS,
  activeFilterCount,
  filtersFromQuery,
  filtersToParams,
  hasPriceFilter,
  shopPageSize,
  type ShopFilters,
  type SortBy,
} from "~/components/catalog/shop-filters";
import { EmptyState } from "~/components/ui/states";
import { toast } from "~/components/ui/toaster";
import { useT } from "~/i18n/react";
import { useRootData } from "~/root";

export async function loader({ context, url }: Route.LoaderArgs) {
  const { deps, user } = context;
  // The one reading of the URL, the same as GET /api/products' (core/shop-query.ts); the shop
  // only narrows the page size to the spec's choices.
  const parsed = shopQueryFromUrl(url.searchParams);
  const query = { ...parsed, limit: shopPageSize(parsed.limit) };
  const filters = filtersFromQuery(query);
  const { page } = query;
  const [result, wishlistIds] = await Promise.all([listProducts(deps, query, user), wishlistIdsFor(context)]);
  const { totalPages } = result.metadata;
  // Only pages 1..N exist (SPEC §2): a page past the end goes to the last one.
  if (totalPages > 0 && page !== clampPage(page, totalPages)) {
    url.searchParams.set("page", String(clampPage(page, totalPages)));
    throw redirect(`${url.pathname}?${url.searchParams}`);
  }
  return {
    filters,
    // Cards only: the whole product JSON carried both descriptions (up to 5,000 characters each),
    // the specifications and the variants of every card into the page, for a Quick View that
    // fetches them when opened anyway (decision 376).
    products: result.products.map(toCardProduct),
    metadata: result.metadata,
    wishlistIds,
    origin: siteOrigin(url, deps.config.PUBLIC_URL),
    pathname: url.pathname,
    search: url.search,
  };
}

export function meta({ data, matches }: Route.MetaArgs) {
  const { lang, t } = metaTranslator(matches);
  if (!data) return [{ title: t("catalog.metaShopTitle") }];
  const f = data.filters;
  let title = t("catalog.metaShopTitle");
  let description = t("catalog.metaShopDescription");
  const named = f.category
    ? t(`common.category.${f.category}`)
    : f.collection
      ? t("catalog.collectionRow", { name: t(`common.collection.${f.collection}`) })
      : null;
  if (named) {
    title = t("catalog.metaCategoryTitle", { name: named });
    description = t("catalog.metaCategoryDescription", { name: named });
  } else if (f.search) {
    title = t("catalog.metaSearchTitle", { q: f.search });
  }
  return seoMeta({
    origin: data.origin,
    pathname: data.pathname,
    search: data.search,
    lang,
    title,
    description,
    image: data.products[0]?.images[0] ?? null,
    // Search results and filtered views are many near-duplicates; categories and collections are the pages to index.
    noindex: Boolean(f.search || f.inStock || f.discount || f.sortBy || hasPriceFilter(f)),
  });
}

export default function Shop({ loaderData }: Route.ComponentProps) {
  const { filters, products, metadata, wishlistIds } = loaderData;
  const t = useT();
  const { user } = useRootData();
  const location = useLocation();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const [sheetOpen, setSheetOpen] = useState(false);
  const params = new URLSearchParams(location.search);
  const compact = params.get("view") === "compact";
  const loading = navigation.state === "loading" && navigation.location.pathname === "/shop";
  useProductNotFoundNotice();

  /** Keeps the layout choices (grid, page size) across filter changes; any change returns to page 1. */
  const hrefWith = (next: ShopFilters, extra: Record<string, string | null> = {}) => {
    const p = filtersToParams(next);
    if (compact) p.set("view", "compact");
    if (params.get("limit")) p.set("limit", params.get("limit")!);
    for (const [k, v] of Object.entries(extra)) {
      if (v === null) p.delete(k);
      else p.set(k, v);
    }
    const qs = p.toString();
    return `/shop${qs ? `?${qs}` : ""}`;
  };
  const withParam = (key: string, value: string | null) => {
    const p = new URLSearchParams(location.search);
    if (value === null) p.delete(key);
    else p.set(key, value);
    const qs = p.toString();
    return `/shop${qs ? `?${qs}` : ""}`;
  };

  const openFilters = useRef<HTMLButtonElement>(null);
  // Focus goes back to the Filters button however the sheet closes (Escape, close, Apply).
  const setSheet = (open: boolean) => {
    setSheetOpen(open);
    if (!open) requestAnimationFrame(() => openFilters.current?.focus());
  };

  // What the filter form carries besides its own fields, so a submit without script keeps them.
  const keep: Record<string, string> = {};
  if (filters.sortBy) keep.sortBy = filters.sortBy;
  if (params.get("limit")) keep.limit = params.get("limit")!;
  if (compact) keep.view = "compact";

  const apply = (next: ShopFilters) => {
    setSheet(false);
    navigate(hrefWith(next));
  };

  const heading = filters.category
    ? t(`common.category.${filters.category}`)
    : filters.collection
      ? t("catalog.collectionRow", { name: t(`common.collection.${filters.collection}`) })
      : filters.search
        ? t("catalog.searchResults", { q: filters.search })
        : t("catalog.shop");
  // The last breadcrumb: the category, collection or search being shown, if any.
  const crumb = filters.category || filters.collection || filters.search ? heading : null;
  const count = activeFilterCount(filters);
  const columns = compact ? 5 : 4;
  const grid = compact
    ? "grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5"
    : "grid-cols-2 gap-4 md:gap-6 lg:grid-cols-3 xl:grid-cols-4";

  return (
    <WishlistProvider ids={wishlistIds} signedIn={Boolean(user)}>
      <div className="mx-auto max-w-7xl px-4 py-6 md:px-6" data-testid="shop">
        <nav aria-label={t("catalog.breadcrumb")} className="mb-3 text-sm text-muted" data-testid="breadcrumb">
          <ol className="flex flex-wrap items-center gap-1">
            <li>
              <Link to="/" className="hover:text-ink hover:underline">
                {t("catalog.home")}
              </Link>
            </li>
            <li aria-hidden>/</li>
            <li>
              {crumb ? (
                <Link to="/shop" className="hover:text-ink hover:underline">
                  {t("catalog.shop")}
                </Link>
              ) : (
                <span aria-current="page" className="text-ink">
                  {t("catalog.shop")}
                </span>
              )}
            </li>
            {crumb ? (
              <>
                <li aria-hidden>/</li>
                <li aria-current="page" className="text-ink">
                  {crumb}
                </li>
              </>
            ) : null}
          </ol>
        </nav>
        <h1 className="mb-6 text-2xl font-semibold tracking-tight md:text-3xl" data-testid="shop-title">
          {heading}
        </h1>

        <div className="flex gap-8">
          <aside
            className="hidden w-64 shrink-0 md:block"
            aria-label={t("catalog.filters")}
            data-testid="filter-sidebar"
          >
            <div className="sticky top-20">
              <h2 className="mb-4 text-lg font-semibold">{t("catalog.filters")}</h2>
              {/* Re-created when the URL changes, so the draft always starts from what is shown. */}
              <FilterPanel key={location.search} filters={filters} onApply={apply} keep={keep} />
            </div>
          </aside>

          <div className="min-w-0 flex-1">
            <div className="mb-4 flex flex-wrap items-center gap-3">
              <p className="text-sm text-muted" aria-live="polite" data-testid="product-count">
                <ProductCount total={metadata.total} atLeast={metadata.totalIsAtLeast} />
              </p>
              <button
                type="button"
                ref={openFilters}
                onClick={() => setSheetOpen(true)}
                className="inline-flex h-10 items-center gap-2 rounded-full border border-line px-4 text-sm font-medium md:hidden"
                aria-haspopup="dialog"
                data-testid="open-filters"
              >
                <SlidersHorizontal className="size-4" aria-hidden />
                {count ? t("catalog.filtersCount", { n: count }) : t("catalog.filters")}
              </button>
              <div className="ms-auto flex flex-wrap items-center gap-3">
                <label className="flex items-center gap-2 text-sm">
                  <span className="text-muted">{t("catalog.sortBy")}</span>
                  <select
                    value={filters.sortBy}
                    onChange={(e) => navigate(hrefWith({ ...filters, sortBy: e.target.value as SortBy }))}
                    className="h-10 rounded-full border border-line bg-surface px-3 text-sm"
                    data-testid="sort-select"
                  >
                    {SORT_OPTIONS.map((s) => (
                      <option key={s || "none"} value={s}>
                        {t(`catalog.sort.${s || "none"}`)}
                      </option>
                    ))}
                  </select>
                </label>
                <label className="hidden items-center gap-2 text-sm sm:flex">
                  <span className="text-muted">{t("catalog.perPage")}</span>
                  <select
                    value={metadata.limit}
                    onChange={(e) =>
                      navigate(
                        hrefWith(filters, {
                          limit: e.target.value === String(LIMITS.defaultPageSize) ? null : e.target.value,
                        }),
                      )
                    }
                    className="h-10 rounded-full border border-line bg-surface px-3 text-sm"
                    data-testid="page-size-select"
                  >
                    {LIMITS.pageSizes.map((n) => (
                      <option key={n} value={n}>
                        {n}
                      </option>
                    ))}
                  </select>
                </label>
                <div
                  role="group"
                  aria-label={t("catalog.gridLayout")}
                  className="flex rounded-full border border-line p-0.5"
                >
                  <button
                    type="button"
                    onClick={() => navigate(withParam("view", null), { preventScrollReset: true })}
                    aria-pressed={!compact}
                    aria-label={t("catalog.gridComfortable")}
                    className={`inline-flex size-9 items-center justify-center rounded-full ${compact ? "" : "bg-surface-2"}`}
                    data-testid="grid-comfortable"
                  >
                    <LayoutGrid className="size-4" aria-hidden />
                  </button>
                  <button
                    type="button"
                    onClick={() => navigate(withParam("view", "compact"), { preventScrollReset: true })}
                    aria-pressed={compact}
                    aria-label={t("catalog.gridCompact")}
                    className={`inline-flex size-9 items-center justify-center rounded-full ${compact ? "bg-surface-2" : ""}`}
                    data-testid="grid-compact"
                  >
                    <Grid3x3 className="size-4" aria-hidden />
                  </button>
                </div>
              </div>
            </div>

            {products.length ? (
              <ul
                className={`grid ${grid} transition-opacity ${loading ? "opacity-60" : ""}`}
                aria-busy={loading}
                data-testid="product-grid"
                data-layout={compact ? "compact" : "comfortable"}
              >
                {products.map((p, i) => (
                  <li key={p._id}>
                    <ProductCard
                      product={p}
                      sizes={cardSizes(columns)}
                      eager={i < (compact ? 5 : 4)}
                      priority={i === 0}
                      compact={compact}
                      headingLevel={2}
                    />
                  </li>
                ))}
              </ul>
            ) : (
              <div data-testid="shop-empty">
                <EmptyState
                  title={t("catalog.emptyTitle")}
                  text={t("catalog.emptyText")}
                  action={
                    count ? (
                      <Link
                        to="/shop"
                        className="rounded-full bg-brand-600 px-5 py-2 text-sm font-medium text-white hover:bg-brand-700"
                      >
                        {t("catalog.resetAll")}
                      </Link>
                    ) : null
                  }
                />
              </div>
            )}

            <Pagination
              page={metadata.page}
              totalPages={metadata.totalPages}
              hrefFor={(n) => withParam("page", n === 1 ? null : String(n))}
            />
          </div>
        </div>

        <BottomSheet open={sheetOpen} onOpenChange={setSheet} title={t("catalog.filters")}>
          <FilterPanel key={location.search} filters={filters} onApply={apply} keep={keep} />
        </BottomSheet>
      </div>
    </WishlistProvider>
  );
}

/** A product link that led nowhere lands here with ?notice=productNotFound: say so once, then tidy the URL. */
function useProductNotFoundNotice() {
  const t = useT();
  const location = useLocation();
  const navigate = useNavigate();
  const shown = useRef(false);
  useEffect(() => {
    const params = new URLSearchParams(location.search);
    if (params.get("notice") !== "productNotFound" || shown.current) return;
    shown.current = true;
    toast.error(t("catalog.productNotFound"));
    params.delete("notice");
    const qs = params.toString();
    navigate(`/shop${qs ? `?${qs}` : ""}`, { replace: true, preventScrollReset: true });
  }, [location.search, navigate, t]);
}
