/**
 * `/cart?restore=<token>`, the link of a bag reminder (issue 16, docs/decisions/301): a guest's
 * saved bag comes back into this browser's cart. A signed-in customer's bag is their server cart,
 * so for them the link is only the cart (or a sign-in first, when the server says the bag is a
 * customer's). The parameter is dropped from the address once read, so a reload does not repeat it.
 */
import { useEffect, useRef } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { call } from "~/lib/api-client";
import { restoreGuestLines } from "~/lib/cart-client";
import { toast } from "~/components/ui/toaster";
import { useT } from "~/i18n/react";

export function useRestoreBag(signedIn: boolean, loading: boolean, refresh: () => Promise<void>) {
  const t = useT();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get("restore");
  const handled = useRef<string | null>(null);

  // Only once the cart has loaded: its first load rewrites the stored guest cart when it ends.
  // biome-ignore lint/correctness/useExhaustiveDependencies: token, user and loading are the triggers; t, navigate and refresh only change with the page.
  useEffect(() => {
    if (!token || loading || handled.current === token) return;
    handled.current = token;
    void (async () => {
      if (!signedIn) {
        try {
          const bag = await call("GET /cart-reminders/restore/:token", { params: { token } });
          if (bag.signIn) {
            toast.success(t("reminders.restoreSignIn"));
            navigate("/auth?redirect=/cart");
            return;
          }
          restoreGuestLines(bag.lines);
          await refresh();
          toast.success(t("reminders.restored"));
        } catch {
          toast.error(t("reminders.restoreFailed"));
        }
      }
      navigate("/cart", { replace: true, preventScrollReset: true });
    })();
  }, [token, signedIn, loading]);
}
