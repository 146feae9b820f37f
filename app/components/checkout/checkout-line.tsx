import { Price } from "~/components/price";
import { ColorSwatch } from "~/components/cart/color-swatch";
import { useLang, useT } from "~/i18n/react";
import { productName, type CartLine } from "~/lib/cart-lines";
import { sizeLabel } from "~/lib/size-label";

/** One item as checkout lists it: image, name, quantity, size, colour swatch and price. */
export function CheckoutLine({ line, compact }: { line: CartLine; compact?: boolean }) {
  const t = useT();
  const lang = useLang();
  const name = productName(line.product, lang);
  const img = compact ? "h-16 w-13" : "h-20 w-16";
  return (
    <li className="flex items-center gap-3 py-3" data-testid="checkout-line">
      {line.product.images[0] ? (
        <img
          src={line.product.images[0]}
          alt={name}
          width={64}
          height={80}
          className={`${img} shrink-0 rounded-md bg-surface-2 object-cover`}
        />
      ) : (
        <span className={`${img} block shrink-0 rounded-md bg-surface-2`} />
      )}
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium">{name}</p>
        <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted">
          <span>{t("checkout.qty", { n: line.quantity })}</span>
          <span>{t("checkout.size", { size: sizeLabel(line.size, t) })}</span>
          <ColorSwatch color={line.color} className="size-3.5" />
        </p>
      </div>
      <Price egp={line.totalPrice} className="shrink-0 text-sm font-semibold" />
    </li>
  );
}
