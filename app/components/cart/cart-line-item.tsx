import { Trash2 } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { Price } from "~/components/price";
import { useLang, useT } from "~/i18n/react";
import { maxLineQuantity, pairStock, productName, type CartLine } from "~/lib/cart-lines";
import { sizeLabel } from "~/lib/size-label";
import { ColorSwatch } from "./color-swatch";
import { QuantityStepper } from "./quantity-stepper";

interface CartLineItemProps {
  line: CartLine;
  onQuantity: (line: CartLine, quantity: number) => Promise<void>;
  onRemove: (line: CartLine) => Promise<void>;
}

/** One cart line: image, name, size, colour, unit price, stepper, line total and remove. */
export function CartLineItem({ line, onQuantity, onRemove }: CartLineItemProps) {
  const t = useT();
  const lang = useLang();
  const [busy, setBusy] = useState(false);
  const name = productName(line.product, lang);
  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    try {
      await action();
    } finally {
      setBusy(false);
    }
  };
  const soldOut = pairStock(line.product, line.size, line.color) <= 0;
  return (
    <li className="flex gap-4 py-4" data-testid="cart-line" data-size={line.size}>
      <Link to={`/product/${line.productId}`} className="shrink-0">
        {line.product.images[0] ? (
          <img
            src={line.product.images[0]}
            alt={name}
            width={96}
            height={120}
            className="h-30 w-24 rounded-lg bg-surface-2 object-cover"
          />
        ) : (
          <span className="block h-30 w-24 rounded-lg bg-surface-2" />
        )}
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex items-start justify-between gap-3">
          <Link to={`/product/${line.productId}`} className="font-medium hover:underline">
            {name}
          </Link>
          <Price egp={line.totalPrice} className="shrink-0 font-semibold" />
        </div>
        <dl className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted">
          <div className="flex items-center gap-1">
            <dt>{t("cart.size")}:</dt>
            <dd className="font-medium text-ink">{sizeLabel(line.size, t)}</dd>
          </div>
          <div className="flex items-center gap-1">
            <dt>{t("cart.color")}:</dt>
            <dd>
              <ColorSwatch color={line.color} />
            </dd>
          </div>
          <div className="flex items-center gap-1">
            <dt>{t("cart.unitPrice")}:</dt>
            <dd className="text-ink">
              <Price egp={line.product.totalPrice} />
            </dd>
          </div>
        </dl>
        {soldOut ? <p className="text-sm font-medium text-red-700 dark:text-red-400">{t("cart.soldOut")}</p> : null}
        <div className="mt-auto flex items-center justify-between gap-3">
          <QuantityStepper
            value={line.quantity}
            max={maxLineQuantity(line.product, line.size, line.color)}
            name={name}
            disabled={busy}
            onChange={(q) => void run(() => onQuantity(line, q))}
          />
          <button
            type="button"
            onClick={() => void run(() => onRemove(line))}
            disabled={busy}
            className="inline-flex size-9 items-center justify-center rounded-full text-muted hover:bg-surface-2 hover:text-red-700 disabled:opacity-40"
            aria-label={t("cart.remove", { name })}
            data-testid="remove-line"
          >
            <Trash2 className="size-4" aria-hidden />
          </button>
        </div>
      </div>
    </li>
  );
}
