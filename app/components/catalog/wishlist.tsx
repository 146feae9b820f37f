/**
 * The signed-in customer's wishlist as a set of product ids, shared by every heart on a page.
 * The page loader seeds it; toggling goes through /api/wishlist (one mutation: its toast is the
 * server's message) and updates every heart at once. One toggle at a time: a click on another heart
 * while one is being saved is ignored, as a double click on a form is.
 */
import { Heart } from "lucide-react";
import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from "react";
import { Link } from "react-router";
import { call } from "~/lib/api-client";
import { useMutation } from "~/lib/use-mutation";
import { useT } from "~/i18n/react";

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
  const [set, setSet] = useState(() => new Set(ids));
  const [saving, setSaving] = useState<string | null>(null);
  const savingNow = useRef<string | null>(null);
  const { submit } = useMutation(
    ({ id, inList }: { id: string; inList: boolean }) =>
      inList
        ? call("DELETE /wishlist/:productId", { params: { productId: id } })
        : call("POST /wishlist", { body: { productId: id } }),
    {
      // The hearts are the state shown; nothing else on the page depends on the list.
      revalidate: false,
      onSuccess: (_, { id, inList }) => {
        setSet((s) => {
          const next = new Set(s);
          if (inList) next.delete(id);
          else next.add(id);
          return next;
        });
        onChange?.(id, !inList);
      },
    },
  );

  const toggle = useCallback(
    async (id: string) => {
      if (savingNow.current) return;
      savingNow.current = id;
      setSaving(id);
      try {
        await submit({ id, inList: set.has(id) });
      } finally {
        savingNow.current = null;
        setSaving(null);
      }
    },
    [set, submit],
  );

  const value = useMemo<WishlistValue>(
    () => ({ signedIn, has: (id) => set.has(id), toggle, pending: (id) => saving === id }),
    [signedIn, set, toggle, saving],
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
