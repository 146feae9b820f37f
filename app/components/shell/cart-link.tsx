import { ShoppingBag } from "lucide-react";
import { Link } from "react-router";
import { useT } from "~/i18n/react";

/** The top bar's cart entry. The cart work (issue 4) adds the live count. */
export function CartLink() {
  const t = useT();
  return (
    <Link to="/cart" className="relative inline-flex size-10 items-center justify-center rounded-full hover:bg-surface-2" aria-label={t("common.cart")}>
      <ShoppingBag className="size-5" aria-hidden />
    </Link>
  );
}
