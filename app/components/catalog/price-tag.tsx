import type { ProductDTO } from "@server/modules/catalog/product-dto";
import { toPiastres } from "@core/pricing";
import { Price } from "~/components/price";
import { useT } from "~/i18n/react";
import { isDiscounted } from "./product-text";

/** The price a customer pays; when discounted, the original struck through (and on the product page, the saving). */
export function PriceTag({
  product,
  size = "md",
  showSaving = false,
}: {
  product: Pick<ProductDTO, "price" | "discount" | "totalPrice">;
  size?: "sm" | "md" | "lg";
  showSaving?: boolean;
}) {
  const t = useT();
  const discounted = isDiscounted(product);
  const big = { sm: "text-sm", md: "text-base", lg: "text-2xl" }[size];
  return (
    <div className="flex flex-wrap items-baseline gap-x-2 gap-y-1" data-testid="price">
      <span className="sr-only">{t("catalog.currentPrice")}</span>
      <Price
        egp={product.totalPrice}
        className={`${big} font-semibold ${discounted ? "text-brand-700 dark:text-brand-300" : ""}`}
      />
      {discounted ? (
        <>
          <span className="sr-only">{t("catalog.originalPrice")}</span>
          <s className="text-sm text-muted" data-testid="original-price">
            <Price egp={product.price} />
          </s>
          {showSaving ? (
            <span
              className="rounded-full bg-brand-50 px-2 py-0.5 text-sm font-medium text-brand-800 dark:bg-brand-900/40 dark:text-brand-200"
              data-testid="saving"
            >
              {t("catalog.save")} <Price piastres={toPiastres(product.price) - toPiastres(product.totalPrice)} />
            </span>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
