import type { ProductDTO } from "@server/modules/catalog/product-dto";
import { useT } from "~/i18n/react";
import { isDiscounted, isNewProduct, isSoldOut } from "./product-text";

/** Discount, NEW and SOLD OUT badges (SPEC §2 product cards). */
export function ProductBadges({
  product,
  className = "",
}: {
  product: Pick<ProductDTO, "stock" | "discount" | "price" | "totalPrice" | "createdAt">;
  className?: string;
}) {
  const t = useT();
  const pill = "rounded-full px-2 py-0.5 text-xs font-bold tracking-wide";
  return (
    <div className={`flex flex-col items-start gap-1 ${className}`}>
      {isSoldOut(product) ? (
        <span className={`${pill} bg-ink text-surface`} data-testid="badge-sold-out">
          {t("catalog.badgeSoldOut")}
        </span>
      ) : null}
      {isDiscounted(product) ? (
        <span className={`${pill} bg-brand-700 text-white`} data-testid="badge-discount">
          {/* A span's aria-label is not read (no role): the spoken label is text only screen readers get. */}
          <bdi aria-hidden>{t("catalog.badgeDiscount", { n: product.discount })}</bdi>
          <span className="sr-only">{t("catalog.discountLabel", { n: product.discount })}</span>
        </span>
      ) : null}
      {isNewProduct(product.createdAt) ? (
        <span className={`${pill} bg-emerald-700 text-white`} data-testid="badge-new">
          {t("catalog.badgeNew")}
        </span>
      ) : null}
    </div>
  );
}
