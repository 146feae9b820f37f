import type { ProductDTO } from "@server/modules/catalog/product-dto";
import { Dialog } from "~/components/ui/dialog";
import { useLang, useT } from "~/i18n/react";
import { ProductDetails } from "./product-details";
import { productName } from "./product-text";

/** Quick View from a product card: the product page's content, compact, in a dialog. */
export default function QuickView({ product, open, onOpenChange }: { product: ProductDTO; open: boolean; onOpenChange: (o: boolean) => void }) {
  const t = useT();
  const lang = useLang();
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t("catalog.quickViewOf", { name: productName(product, lang) })} size="xl">
      <ProductDetails product={product} compact onAdded={() => onOpenChange(false)} />
    </Dialog>
  );
}
