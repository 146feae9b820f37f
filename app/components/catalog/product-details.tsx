import { CheckCircle2, ShoppingBag, Truck, XCircle } from "lucide-react";
import { useState, type ReactNode } from "react";
import { Link } from "react-router";
import { LIMITS } from "@core/constants";
import { lineTotal, toPiastres } from "@core/pricing";
import type { ProductDTO } from "@server/modules/catalog/product-dto";
import { Price } from "~/components/price";
import { Button } from "~/components/ui/button";
import { useCart } from "~/lib/cart-client";
import { useLang, useT } from "~/i18n/react";
import { Gallery } from "./gallery";
import { ColorSwatches, QuantityStepper, SizePicker } from "./option-pickers";
import { PriceTag } from "./price-tag";
import { productDescription, productName, productSpecifications, isSoldOut } from "./product-text";
import { ProductBadges } from "./badges";
import { WishlistButton } from "./wishlist";
import { pairAvailability } from "./variant-availability";
import { variantLabel } from "./variant-label";
import { BackInStockForm } from "./back-in-stock-form";
import { SizeGuideButton } from "./size-guide-dialog";

/** The few stock units under which the page says "Only n left". */
const LOW_STOCK = 5;

export interface ProductDetailsProps {
  product: ProductDTO;
  /** Quick View: smaller, with a link to the full page instead of the long texts' headings. */
  compact?: boolean;
  /** Staff actions, shown under the buttons on the product page. */
  actions?: ReactNode;
  onAdded?: () => void;
}

/** Everything the product page shows; the Quick View dialog shows the same, compact. */
export function ProductDetails({ product, compact = false, actions, onAdded }: ProductDetailsProps) {
  const t = useT();
  const lang = useLang();
  const cart = useCart();
  const name = productName(product, lang);
  const soldOut = isSoldOut(product);
  const [size, setSize] = useState(product.sizes.length === 1 ? product.sizes[0] : "");
  const [color, setColor] = useState(product.colors.length === 1 ? product.colors[0] : "");
  const [quantity, setQuantity] = useState(1);
  const [adding, setAdding] = useState(false);
  // Issue 15: what is left is the chosen size and colour's; until both are chosen, the product's.
  const { pairChosen, pairStock, soldOutSizes, soldOutColors } = pairAvailability(product, size, color);
  const stock = pairChosen ? pairStock : product.stock;
  const pairSoldOut = pairChosen && pairStock <= 0;
  const maxQuantity = Math.min(LIMITS.cartLineMaxQuantity, Math.max(0, stock));

  const priced = {
    price: toPiastres(product.price),
    discount: product.discount,
    bulkDiscountminQuantity: product.bulkDiscountminQuantity,
    bulkDiscount: product.bulkDiscount === null ? null : toPiastres(product.bulkDiscount),
  };
  const total = lineTotal(priced, quantity);
  const hasBulk = Boolean(product.bulkDiscountminQuantity && product.bulkDiscount);
  const bulkApplies = hasBulk && quantity >= (product.bulkDiscountminQuantity ?? 0);
  const specs = productSpecifications(product, lang);
  const description = productDescription(product, lang);

  const addToCart = async () => {
    // The cart checks size and colour, stock and the line limit, and toasts the outcome (SPEC §5).
    setAdding(true);
    try {
      if (await cart.add({ product, quantity, size, color })) onAdded?.();
    } finally {
      setAdding(false);
    }
  };

  const Heading = compact ? "h2" : "h1";
  return (
    <div
      className={`grid grid-cols-1 gap-6 ${compact ? "md:grid-cols-2" : "md:grid-cols-2 md:gap-10"}`}
      data-testid="product-details"
    >
      <div className={compact ? "" : "md:sticky md:top-20 md:self-start"}>
        <Gallery images={product.images} name={name} priority={!compact} compact={compact} />
      </div>
      {/* A long name or product code with no spaces wraps instead of widening a 320 px page. */}
      <div className="flex min-w-0 flex-col gap-5 [overflow-wrap:anywhere]">
        <div className="flex flex-col gap-2">
          <ProductBadges product={product} className="flex-row! flex-wrap" />
          <Heading
            className={`${compact ? "text-xl" : "text-2xl md:text-3xl"} font-semibold tracking-tight`}
            data-testid="product-title"
          >
            <bdi>{name}</bdi>
          </Heading>
          <p className="text-xs text-muted">
            <bdi>{t("catalog.code", { code: product.code })}</bdi>
          </p>
          <PriceTag product={product} size="lg" showSaving />
          {hasBulk ? (
            <p className="text-sm text-muted" data-testid="bulk-offer">
              {t("catalog.bulkOffer", { n: product.bulkDiscountminQuantity ?? 0 })}{" "}
              <Price
                piastres={lineTotal(priced, product.bulkDiscountminQuantity ?? 0)}
                className="font-medium text-ink"
              />
            </p>
          ) : null}
        </div>

        <StockIndicator stock={stock} pair={pairChosen && !soldOut ? variantLabel(size, color, t) : null} />

        {product.sizes.length ? (
          <SizePicker sizes={product.sizes} value={size} onChange={setSize} soldOut={soldOutSizes} />
        ) : null}
        {product.colors.length ? (
          <ColorSwatches colors={product.colors} value={color} onChange={setColor} soldOut={soldOutColors} />
        ) : null}
        {product.sizes.length ? <SizeGuideButton category={product.category} /> : null}

        {soldOut || pairSoldOut ? null : (
          <div className="flex flex-wrap items-end gap-6">
            <QuantityStepper value={quantity} max={maxQuantity} onChange={setQuantity} />
            <div aria-live="polite">
              <p className="text-sm text-muted">{t("catalog.total")}</p>
              <Price piastres={total} className="text-xl font-semibold" />
              {bulkApplies ? (
                <p className="text-xs text-emerald-700 dark:text-emerald-400">{t("catalog.bulkApplied")}</p>
              ) : null}
            </div>
          </div>
        )}

        <div className="flex flex-wrap gap-3">
          <Button
            size="lg"
            className="min-w-48 flex-1"
            disabled={soldOut || pairSoldOut}
            loading={adding}
            onClick={() => void addToCart()}
            data-testid="add-to-cart"
          >
            <ShoppingBag className="size-5" aria-hidden />
            {soldOut || pairSoldOut ? t("catalog.soldOut") : t("catalog.addToCart")}
          </Button>
          <WishlistButton productId={product._id} withLabel />
        </div>

        {soldOut || pairSoldOut ? (
          <BackInStockForm productId={product._id} sizes={product.sizes} size={size} color={color} />
        ) : null}

        <p className="flex items-center gap-2 text-sm">
          <Truck className="size-5 text-brand-600" aria-hidden />
          {product.freeShipping ? t("catalog.freeShipping") : t("catalog.shippingEgypt")}
        </p>

        {actions}

        {specs.length ? (
          <section>
            <h2 className="mb-2 font-semibold">{t("catalog.highlights")}</h2>
            <ul className="list-disc space-y-1 ps-5 text-sm" data-testid="highlights">
              {specs.map((s, i) => (
                <li key={i}>{s}</li>
              ))}
            </ul>
          </section>
        ) : null}

        {description ? (
          <section>
            <h2 className="mb-2 font-semibold">{t("catalog.description")}</h2>
            <p
              className={`whitespace-pre-line text-sm leading-relaxed text-muted ${compact ? "line-clamp-4" : ""}`}
              data-testid="description"
            >
              {description}
            </p>
          </section>
        ) : null}

        {compact ? (
          <Link
            to={`/product/${product._id}`}
            className="text-sm font-medium text-brand-700 underline underline-offset-4 dark:text-brand-300"
          >
            {t("catalog.viewFullDetails")}
          </Link>
        ) : null}
      </div>
    </div>
  );
}

/** SPEC §2's stock line; with a size and colour chosen it speaks of that pair (issue 15). */
function StockIndicator({ stock, pair }: { stock: number; pair: string | null }) {
  const t = useT();
  if (stock <= 0) {
    return (
      <p
        className="flex items-center gap-2 text-sm font-medium text-red-700 dark:text-red-400"
        data-testid="stock"
        aria-live="polite"
      >
        <XCircle className="size-5" aria-hidden />
        {pair ? t("variants.pairSoldOut", { pair }) : t("catalog.outOfStock")}
      </p>
    );
  }
  return (
    <p
      className="flex items-center gap-2 text-sm font-medium text-emerald-700 dark:text-emerald-400"
      data-testid="stock"
      aria-live="polite"
    >
      <CheckCircle2 className="size-5" aria-hidden />
      {pair ? t("variants.pairInStock", { pair }) : t("catalog.inStock")}
      {stock <= LOW_STOCK ? (
        <span className="text-amber-700 dark:text-amber-400">· {t("catalog.onlyLeft", { n: stock })}</span>
      ) : null}
    </p>
  );
}
