import { Link } from "react-router";
import type { Route } from "./+types/cart";
import { translateWith } from "@core/i18n/format";
import { rootDictionary } from "~/i18n/dictionary-text";
import { useT } from "~/i18n/react";
import { useCart } from "~/lib/cart-client";
import { useRootData, type RootData } from "~/root";
import { Price } from "~/components/price";
import { EmptyState, PageTitle, Spinner } from "~/components/ui/states";
import { CartLineItem } from "~/components/cart/cart-line-item";
import { useRestoreBag } from "~/components/cart/restore-bag";

export function meta({ matches }: Route.MetaArgs) {
  const root = matches[0]?.data as RootData | undefined;
  return [{ title: translateWith(rootDictionary(root), "cart.title") }, { name: "robots", content: "noindex" }];
}

export default function Cart() {
  const t = useT();
  const { user } = useRootData();
  const { lines, count, total, loading, setQuantity, remove, refresh } = useCart();
  useRestoreBag(Boolean(user), loading, refresh);
  const buttonLink = "inline-flex h-12 items-center justify-center rounded-full px-6 font-medium";

  return (
    <section className="mx-auto max-w-6xl p-4 md:p-6" aria-labelledby="cart-title">
      <PageTitle>
        <span id="cart-title">{t("cart.title")}</span>
      </PageTitle>
      {loading && lines.length === 0 ? (
        <Spinner />
      ) : lines.length === 0 ? (
        <EmptyState
          title={t("cart.empty")}
          text={t("cart.emptyText")}
          action={
            <Link to="/shop" className={`${buttonLink} bg-brand-600 text-white hover:bg-brand-700`}>
              {t("cart.continueShopping")}
            </Link>
          }
        />
      ) : (
        <div className="grid gap-8 lg:grid-cols-[1fr_20rem]">
          <ul className="divide-y divide-line" aria-busy={loading || undefined}>
            {lines.map((line) => (
              <CartLineItem key={line.key} line={line} onQuantity={setQuantity} onRemove={remove} />
            ))}
          </ul>
          <aside
            className="h-fit rounded-2xl border border-line bg-surface-2/50 p-5 lg:sticky lg:top-20"
            aria-labelledby="cart-summary"
          >
            <h2 id="cart-summary" className="mb-4 text-lg font-semibold">
              {t("cart.summary")}
            </h2>
            <div className="flex items-center justify-between">
              <span>
                {t("cart.subtotal")} <span className="text-sm text-muted">({t("cart.items", { n: count })})</span>
              </span>
              <Price egp={total} className="text-lg font-semibold" />
            </div>
            <p className="mt-2 text-sm text-muted">{t("cart.shippingNote")}</p>
            <div className="mt-5 flex flex-col gap-2">
              <Link
                to={user ? "/checkout" : "/checkout?guest=1"}
                className={`${buttonLink} bg-brand-600 text-white hover:bg-brand-700`}
                data-testid="go-checkout"
              >
                {t("cart.checkout")}
              </Link>
              {user ? null : <p className="text-center text-sm text-muted">{t("cart.guestCheckoutNote")}</p>}
              {user ? null : (
                <Link to="/auth?redirect=/checkout" className={`${buttonLink} border border-line hover:bg-surface-2`}>
                  {t("cart.signInToCheckout")}
                </Link>
              )}
              <Link
                to="/shop"
                className="mt-1 text-center text-sm font-medium text-brand-700 hover:underline dark:text-brand-300"
              >
                {t("cart.continueShopping")}
              </Link>
            </div>
          </aside>
        </div>
      )}
    </section>
  );
}
