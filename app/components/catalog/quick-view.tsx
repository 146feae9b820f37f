import { useEffect, useState } from "react";
import type { ProductDTO } from "@server/modules/catalog/product-dto";
import { Dialog } from "~/components/ui/dialog";
import { ErrorBlock, Spinner } from "~/components/ui/states";
import { errorMessage } from "~/lib/api";
import { call } from "~/lib/api-client";
import { useLang, useT } from "~/i18n/react";
import type { CardProduct } from "./card-product";
import { ProductDetails } from "./product-details";
import { productName } from "./product-text";

/** Quick View from a product card: the product page's content, compact, in a dialog. */
export default function QuickView({
  product,
  open,
  onOpenChange,
}: {
  product: CardProduct;
  open: boolean;
  onOpenChange: (o: boolean) => void;
}) {
  const t = useT();
  const lang = useLang();
  const whole = useWholeProduct(product);
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t("catalog.quickViewOf", { name: productName(product, lang) })}
      size="xl"
    >
      {whole.product ? (
        <ProductDetails product={whole.product} compact onAdded={() => onOpenChange(false)} />
      ) : whole.error ? (
        <ErrorBlock message={whole.error} onRetry={whole.retry} />
      ) : (
        <Spinner />
      )}
    </Dialog>
  );
}

/** The whole product JSON, fetched when Quick View opens: a card holds only its card-sized part (decision 376). */
function useWholeProduct(card: CardProduct) {
  const [product, setProduct] = useState<ProductDTO | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: loads again only when the card or the retry count changes, not on every render of the callbacks it uses.
  useEffect(() => {
    let current = true;
    setError(null);
    call("GET /products/:id", { params: { id: card._id } }).then(
      (p) => current && setProduct(p),
      (e: unknown) => current && setError(errorMessage(e)),
    );
    return () => {
      current = false;
    };
  }, [card, attempt]);

  return { product, error, retry: () => setAttempt((n) => n + 1) };
}
