import { Eye } from "lucide-react";
import { lazy, Suspense, useRef, useState } from "react";
import { Link } from "react-router";
import { useLang, useT } from "~/i18n/react";
import { ProductBadges } from "./badges";
import type { CardProduct } from "./card-product";
import { PriceTag } from "./price-tag";
import { HoverImage, ProductImage } from "./product-image";
import { productName } from "./product-text";
import { WishlistButton } from "./wishlist";

// The dialog and its details load only when a customer asks for a quick view.
const QuickView = lazy(() => import("./quick-view"));

export interface ProductCardProps {
  /** The card-sized part of the product JSON (server/modules/catalog/card-product.ts). */
  product: CardProduct;
  /** `sizes` for the card image in its grid. */
  sizes: string;
  /** Cards above the fold load their first image at once. */
  eager?: boolean;
  /** The grid's first card: its image is the page's largest paint on a phone, so it is asked for first. */
  priority?: boolean;
  compact?: boolean;
  /** h3 under a titled row (home); h2 directly under the page title (shop, wishlist). */
  headingLevel?: 2 | 3;
}

/** A product in a grid or row: two images (the second on hover), badges, the heart, quick view. */
export function ProductCard({
  product,
  sizes,
  eager = false,
  priority = false,
  compact = false,
  headingLevel = 3,
}: ProductCardProps) {
  const t = useT();
  const lang = useLang();
  const [quickView, setQuickView] = useState(false);
  const quickViewButton = useRef<HTMLButtonElement>(null);
  // The dialog unmounts as it closes, so Radix cannot hand focus back: the card does, to its opener.
  const closeQuickView = (open: boolean) => {
    setQuickView(open);
    if (!open) requestAnimationFrame(() => quickViewButton.current?.focus());
  };
  const name = productName(product, lang);
  const [first, second] = product.images;
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="group relative flex h-full flex-col" data-testid="product-card" data-product-id={product._id}>
      <Link
        to={`/product/${product._id}`}
        className="flex flex-1 flex-col gap-2 rounded-xl outline-offset-4"
        prefetch="intent"
      >
        <div className="relative aspect-[3/4] overflow-hidden rounded-xl bg-surface-2">
          {first ? (
            <ProductImage
              url={first}
              alt={name}
              width={600}
              height={800}
              sizes={sizes}
              eager={eager}
              priority={priority}
              className={`absolute inset-0 size-full object-cover transition-opacity duration-300 ${second ? "group-hover:opacity-0" : ""}`}
            />
          ) : (
            <span className="absolute inset-0 flex items-center justify-center text-sm text-muted">
              {t("catalog.noImage")}
            </span>
          )}
          {second ? (
            <HoverImage
              url={second}
              alt=""
              width={600}
              height={800}
              sizes={sizes}
              className="absolute inset-0 size-full object-cover opacity-0 transition-opacity duration-300 group-hover:opacity-100"
            />
          ) : null}
          <ProductBadges product={product} className="absolute start-2 top-2" />
        </div>
        {/* Two lines, even for a short name: cards line up, and a home row's placeholder knows their height. */}
        <Heading
          className={`line-clamp-2 min-h-[2lh] font-medium ${compact ? "text-sm" : "text-base"}`}
          data-testid="product-name"
        >
          <bdi>{name}</bdi>
        </Heading>
        <PriceTag product={product} size={compact ? "sm" : "md"} />
      </Link>
      <div className="absolute end-2 top-2 flex flex-col gap-2">
        <WishlistButton productId={product._id} />
        <button
          type="button"
          ref={quickViewButton}
          onClick={() => setQuickView(true)}
          className="inline-flex size-9 items-center justify-center rounded-full bg-surface/90 shadow-sm transition-opacity hover:bg-surface focus-visible:opacity-100 md:opacity-0 md:group-hover:opacity-100 md:group-focus-within:opacity-100"
          aria-label={t("catalog.quickViewOf", { name })}
          aria-haspopup="dialog"
          data-testid="quick-view-button"
        >
          <Eye className="size-5" aria-hidden />
        </button>
      </div>
      {quickView ? (
        <Suspense fallback={null}>
          <QuickView product={product} open onOpenChange={closeQuickView} />
        </Suspense>
      ) : null}
    </article>
  );
}
