/**
 * The signed-in customer's wishlist as a set of product ids, shared by every heart on a page.
 * The page loader seeds it; toggling goes through /api/wishlist and updates every heart at once.
 */
import { Heart } from "lucide-react";
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from "react";
import { Link } from "react-router";
import { api, errorMessage } from "~/lib/api";
import { useT } from "~/i18n/react";
import { toast } from "~/components/ui/toaster";

interface WishlistValue {
  signedIn: boolean;
  has(id: string): boolean;
  toggle(id: string): Promise<void>;
  pending(id: string): boolean;
}

const WishlistContext = createContext<WishlistValue>({
  signedIn: false,
  has: () => false,
  toggle: async () => undefined,
  pending: () => false,
});

export function WishlistProvider({
  ids,
  signedIn,
  children,
  onChange,
}: {
  ids: readonly string[];
  signedIn: boolean;
  children: ReactNode;
  /** Told after a successful add (true) or removal (false), e.g. to drop the card from /wishlist. */
  onChange?: (id: string, inList: boolean) => void;
}) {
  const t = useT();
  const [set, setSet] = useState(() => new Set(ids));
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());

  const toggle = useCallback(
    async (id: string) => {
      const inList = set.has(id);
      setBusy((b) => new Set(b).add(id));
      try {
        if (inList) await api(`/wishlist/${encodeURIComponent(id)}`, { method: "DELETE" });
        else await api("/wishlist", { method: "POST", body: { productId: id } });
        setSet((s) => {
          const next = new Set(s);
          if (inList) next.delete(id);
          else next.add(id);
          return next;
        });
        toast.success(t(inList ? "catalog.removedFromWishlist" : "catalog.addedToWishlist"));
        onChange?.(id, !inList);
      } catch (e) {
        toast.error(errorMessage(e));
      } finally {
        setBusy((b) => {
          const next = new Set(b);
          next.delete(id);
          return next;
        });
      }
    },
    [set, t, onChange],
  );

  const value = useMemo<WishlistValue>(
    () => ({ signedIn, has: (id) => set.has(id), toggle, pending: (id) => busy.has(id) }),
    [signedIn, set, toggle, busy],
  );
  return <WishlistContext.Provider value={value}>{children}</WishlistContext.Provider>;
}

export const useWishlist = () => useContext(WishlistContext);

/**
 * The heart. Signed in: a toggle button (aria-pressed). A guest: a link to sign in that comes back
 * to the product (SPEC §2).
 */
export function WishlistButton({
  productId,
  className = "",
  withLabel = false,
}: {
  productId: string;
  className?: string;
  withLabel?: boolean;
}) {
  const t = useT();
  const wishlist = useWishlist();
  const inList = wishlist.has(productId);
  const label = t(inList ? "catalog.removeFromWishlist" : "catalog.addToWishlist");
  const base = `inline-flex items-center justify-center gap-2 rounded-full transition-colors ${withLabel ? "h-12 border border-line px-5 text-sm font-medium hover:bg-surface-2" : "size-9 bg-surface/90 shadow-sm hover:bg-surface"} ${className}`;
  const icon = <Heart className={`size-5 ${inList ? "fill-brand-600 text-brand-600" : "text-ink"}`} aria-hidden />;
  if (!wishlist.signedIn) {
    return (
      <Link
        to={`/auth?redirect=${encodeURIComponent(`/product/${productId}`)}`}
        className={base}
        aria-label={withLabel ? undefined : label}
        data-testid="wishlist-button"
      >
        {icon}
        {withLabel ? <span>{label}</span> : null}
      </Link>
    );
  }
  return (
    <button
      type="button"
      className={base}
      aria-pressed={inList}
      aria-label={withLabel ? undefined : label}
      disabled={wishlist.pending(productId)}
      onClick={() => void wishlist.toggle(productId)}
      data-testid="wishlist-button"
    >
      {icon}
      {withLabel ? <span>{label}</span> : null}
    </button>
  );
}
