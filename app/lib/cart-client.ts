/**
 * The browser's cart (SPEC §4 Cart): a guest's lines live in localStorage, a signed-in user's on the
 * server through /api/cart. One provider in app/root.tsx shares the state between the top bar badge,
 * the product page, the cart and checkout. Every action shows its own toast, so callers need not.
 */
import {
  createContext,
  createElement,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from "react";
import { GUEST_CART_STORAGE_KEY } from "@core/constants";
import type { ProductDTO } from "@server/modules/catalog/product-dto";
import { ApiError } from "~/lib/api";
import { call, type Reply } from "~/lib/api-client";
import { toast } from "~/components/ui/toaster";
import { useT } from "~/i18n/react";
import { Link, useRouteLoaderData } from "react-router";
import type { RootData } from "~/root";
import {
  addGuestLine,
  cartTotal,
  checkAdd,
  checkQuantity,
  lineKey,
  parseGuestCart,
  previewLineTotal,
  toCartLine,
  type CartLine,
  type CartMessage,
  type StoredGuestLine,
} from "./cart-lines";

export type { CartLine } from "./cart-lines";

export interface AddToCartInput {
  product: ProductDTO;
  quantity: number;
  size: string;
  color: string;
}

export interface CartApi {
  lines: CartLine[];
  /** Items in the cart (sum of quantities), for the badge. */
  count: number;
  /** EGP preview; the server prices the order. */
  total: number;
  loading: boolean;
  /** Checks the SPEC §5 rules, adds, toasts the outcome; true when the item was added. */
  add(input: AddToCartInput): Promise<boolean>;
  setQuantity(line: CartLine, quantity: number): Promise<void>;
  remove(line: CartLine): Promise<void>;
  /** Empties the cart quietly (after an order). */
  clear(): Promise<void>;
  refresh(): Promise<void>;
}

type ServerCart = Reply<"GET /cart">;
type ServerCartLine = ServerCart["cart"][number];

export function readGuestCart(): StoredGuestLine[] {
  return parseGuestCart(window.localStorage.getItem(GUEST_CART_STORAGE_KEY));
}

function writeGuestCart(lines: StoredGuestLine[]) {
  if (lines.length === 0) window.localStorage.removeItem(GUEST_CART_STORAGE_KEY);
  else window.localStorage.setItem(GUEST_CART_STORAGE_KEY, JSON.stringify(lines));
}

/**
 * A reminder's link back (`/cart?restore=`, issue 16): the saved lines join the guest cart; a line
 * already in it (same product, size and colour) is left as the shopper has it now.
 */
export function restoreGuestLines(lines: StoredGuestLine[]) {
  const current = readGuestCart();
  const have = new Set(current.map((l) => lineKey(l.productId, l.size, l.color)));
  writeGuestCart([...current, ...lines.filter((l) => !have.has(lineKey(l.productId, l.size, l.color)))]);
}

function fromServer(line: ServerCartLine): CartLine {
  return {
    key: lineKey(line.productId._id, line.size, line.color),
    _id: line._id,
    productId: line.productId._id,
    product: line.productId,
    quantity: line.quantity,
    size: line.size,
    color: line.color,
    totalPrice: previewLineTotal(line.productId, line.quantity),
  };
}

/** The server's own message when it sent one, otherwise the spec's fallback for this action. */
function failureMessage(e: unknown, fallback: string): string {
  return e instanceof ApiError && typeof e.body.message === "string" ? e.body.message : fallback;
}

// A guest cart is merged once per sign-in, even if two effects race (React strict mode, two tabs).
let mergeInFlight: Promise<void> | null = null;

async function mergeGuestCartIntoServer(): Promise<void> {
  const guest = readGuestCart();
  if (guest.length === 0) return;
  await call("POST /cart/merge", {
    body: { items: guest.map(({ productId, quantity, size, color }) => ({ productId, quantity, size, color })) },
  });
  // Only after the server took the lines: a failed merge keeps them for the next try.
  writeGuestCart([]);
}

const CartContext = createContext<CartApi | null>(null);

export function CartProvider({ children }: { children: ReactNode }) {
  // Read through the router (not ~/root) so root.tsx can import this file without a cycle.
  const user = (useRouteLoaderData("root") as RootData | undefined)?.user ?? null;
  const t = useT();
  const signedIn = !!user;
  const userId = user?._id ?? null;
  const [lines, setLines] = useState<CartLine[]>([]);
  const [serverTotal, setServerTotal] = useState<number | null>(null);
  const [loading, setLoading] = useState(true);
  const linesRef = useRef(lines);
  linesRef.current = lines;

  const say = useCallback((m: CartMessage) => t(m.key, m.vars), [t]);

  const showServerCart = useCallback((data: ServerCart) => {
    setLines(data.cart.map(fromServer));
    setServerTotal(data.cartTotal);
  }, []);

  const loadServerCart = useCallback(async () => showServerCart(await call("GET /cart")), [showServerCart]);

  const loadGuestCart = useCallback(() => {
    const stored = readGuestCart();
    // An empty cart stays the same array: a new one would re-render every cart reader as the page hydrates.
    setLines((current) => (stored.length === 0 && current.length === 0 ? current : stored.map(toCartLine)));
    setServerTotal(null);
  }, []);

  /** Refreshes a guest's product snapshots (price, stock, discount) from the catalogue. */
  const refreshGuestSnapshots = useCallback(async () => {
    const stored = readGuestCart();
    if (stored.length === 0) return;
    const ids = [...new Set(stored.map((l) => l.productId))];
    const fresh = new Map<string, ProductDTO | null>();
    await Promise.all(
      ids.map(async (id) => {
        const res = await fetch(`/api/products/${encodeURIComponent(id)}`, { credentials: "same-origin" });
        if (res.status === 404) fresh.set(id, null);
        else if (res.ok) fresh.set(id, (await res.json()) as ProductDTO);
        // Any other failure keeps the stored snapshot: the server prices the order anyway.
      }),
    );
    const next = stored
      .filter((l) => fresh.get(l.productId) !== null)
      .map((l) => ({ ...l, product: fresh.get(l.productId) ?? l.product }));
    writeGuestCart(next);
    setLines(next.map(toCartLine));
  }, []);

  const refresh = useCallback(async () => {
    setLoading(true);
    try {
      if (signedIn) await loadServerCart();
      else {
        loadGuestCart();
        await refreshGuestSnapshots();
      }
    } catch (e) {
      toast.error(failureMessage(e, t("cart.loadFailed")));
    } finally {
      setLoading(false);
    }
  }, [signedIn, loadServerCart, loadGuestCart, refreshGuestSnapshots, t]);

  // On load and whenever the signed-in user changes: merge a waiting guest cart, then load.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the user is the trigger; the loaders and t change only with it or with the language, which reloads the page.
  useEffect(() => {
    let cancelled = false;
    (async () => {
      setLoading(true);
      try {
        if (userId) {
          if (readGuestCart().length > 0) {
            mergeInFlight ??= mergeGuestCartIntoServer().finally(() => (mergeInFlight = null));
            await mergeInFlight;
          }
          if (!cancelled) await loadServerCart();
        } else {
          loadGuestCart();
          await refreshGuestSnapshots();
        }
      } catch (e) {
        if (!cancelled) toast.error(failureMessage(e, t("cart.loadFailed")));
      } finally {
        if (!cancelled) setLoading(false);
      }
    })();
    return () => {
      cancelled = true;
    };
    // t changes only with the language, which reloads the page.
  }, [userId]);

  // Another tab changed the guest cart.
  useEffect(() => {
    if (signedIn) return;
    const onStorage = (e: StorageEvent) => {
      if (e.key === GUEST_CART_STORAGE_KEY) loadGuestCart();
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, [signedIn, loadGuestCart]);

  const add = useCallback(
    async ({ product, quantity, size, color }: AddToCartInput): Promise<boolean> => {
      const problem = checkAdd({ product, quantity, size, color, lines: linesRef.current, guest: !signedIn });
      if (problem) {
        toast.error(say(problem));
        return false;
      }
      try {
        if (signedIn) {
          // Every cart write answers the whole cart.
          showServerCart(await call("POST /cart", { body: { productId: product._id, quantity, size, color } }));
        } else {
          const next = addGuestLine(readGuestCart(), { productId: product._id, quantity, size, color, product });
          writeGuestCart(next);
          setLines(next.map(toCartLine));
        }
        // A way on to the cart from the toast itself (keyboard users reach it in the toasts' region).
        const linkProps = {
          to: "/cart",
          className:
            "ms-auto shrink-0 rounded-full bg-brand-700 px-3 py-1.5 text-xs font-semibold text-white hover:bg-brand-800",
          "data-testid": "toast-view-cart",
        } as Parameters<typeof Link>[0];
        const viewCart = createElement(Link, linkProps, t("cart.viewCart"));
        toast.success(t("cart.added"), { action: viewCart });
        return true;
      } catch (e) {
        toast.error(failureMessage(e, t("cart.updateFailed")));
        return false;
      }
    },
    [signedIn, say, t, showServerCart],
  );

  const setQuantity = useCallback(
    async (line: CartLine, quantity: number) => {
      const problem = checkQuantity(line, quantity, linesRef.current, !signedIn);
      if (problem) {
        toast.error(say(problem));
        return;
      }
      try {
        if (signedIn) {
          // The API takes the change as a delta (SPEC §7).
          showServerCart(
            await call("PUT /cart", {
              body: {
                productId: line.productId,
                quantity: quantity - line.quantity,
                size: line.size,
                color: line.color,
              },
            }),
          );
        } else {
          const next = readGuestCart().map((l) =>
            lineKey(l.productId, l.size, l.color) === line.key ? { ...l, quantity } : l,
          );
          writeGuestCart(next);
          setLines(next.map(toCartLine));
        }
      } catch (e) {
        toast.error(failureMessage(e, t("cart.updateFailed")));
      }
    },
    [signedIn, say, t, showServerCart],
  );

  const remove = useCallback(
    async (line: CartLine) => {
      try {
        if (signedIn) {
          showServerCart(
            await call("DELETE /cart/:productId", {
              params: { productId: line.productId },
              query: { color: line.color, size: line.size },
            }),
          );
        } else {
          const next = readGuestCart().filter((l) => lineKey(l.productId, l.size, l.color) !== line.key);
          writeGuestCart(next);
          setLines(next.map(toCartLine));
        }
        toast.success(t("cart.removed"));
      } catch (e) {
        toast.error(failureMessage(e, t("cart.removeFailed")));
      }
    },
    [signedIn, t, showServerCart],
  );

  const clear = useCallback(async () => {
    // A guest cart is always cleared locally; a signed-in order already emptied the server cart,
    // so clearing it again is only to be sure.
    writeGuestCart([]);
    setLines([]);
    setServerTotal(null);
    if (signedIn) {
      try {
        await call("DELETE /cart/clear");
      } catch (e) {
        toast.error(failureMessage(e, t("cart.updateFailed")));
      }
    }
  }, [signedIn, t]);

  const value = useMemo<CartApi>(
    () => ({
      lines,
      count: lines.reduce((n, l) => n + l.quantity, 0),
      total: serverTotal ?? cartTotal(lines),
      loading,
      add,
      setQuantity,
      remove,
      clear,
      refresh,
    }),
    [lines, serverTotal, loading, add, setQuantity, remove, clear, refresh],
  );

  return createElement(CartContext.Provider, { value }, children);
}

export function useCart(): CartApi {
  const cart = useContext(CartContext);
  if (!cart) throw new Error("useCart() needs <CartProvider> (mounted in app/root.tsx)");
  return cart;
}
