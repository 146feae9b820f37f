import { ShoppingBag } from "lucide-react";
import { Link } from "react-router";
import { useT } from "~/i18n/react";
import { useCart } from "~/lib/cart-client";

/** The top bar's cart entry with the live item count. */
export function CartLink() {
  const t = useT();
  const { count } = useCart();
  return (
    <Link
      to="/cart"
      className="relative inline-flex size-10 items-center justify-center rounded-full hover:bg-surface-2"
      aria-label={count > 0 ? t("cart.badge", { n: count }) : t("common.cart")}
      data-testid="cart-link"
    >
      <ShoppingBag className="size-5" aria-hidden />
      {count > 0 ? (
        <span
          aria-hidden
          data-testid="cart-count"
          className="absolute -end-0.5 -top-0.5 inline-flex min-w-5 items-center justify-center rounded-full bg-brand-700 px-1 text-[11px] font-semibold leading-5 text-white"
        >
          {count > 99 ? "99+" : count}
        </span>
      ) : null}
    </Link>
  );
}
