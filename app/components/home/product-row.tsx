import { useId } from "react";
import { Link } from "react-router";
import type { ProductDTO } from "@server/modules/catalog/product-dto";
import { ProductCard } from "~/components/catalog/product-card";
import { cardSizes } from "~/components/catalog/image-sources";
import { useT } from "~/i18n/react";
import { rowColumns } from "./row-layout";
import { ScrollRow } from "./scroll-row";

/** A home row: title, VIEW ALL, and the products, as many side by side as the count rule says. */
export function ProductRow({ title, products, viewAllTo, testId }: { title: string; products: ProductDTO[]; viewAllTo: string; testId?: string }) {
  const t = useT();
  const headingId = useId();
  const columns = rowColumns(products.length);
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4" data-testid={testId} data-columns={columns.lg}>
      <div className="flex items-end justify-between gap-4">
        <h2 id={headingId} className="text-xl font-semibold tracking-tight md:text-2xl">
          {title}
        </h2>
        <Link
          to={viewAllTo}
          className="shrink-0 text-sm font-semibold tracking-wide text-brand-700 underline-offset-4 hover:underline dark:text-brand-300"
          data-testid="view-all"
        >
          {t("catalog.viewAll")}
          <span className="sr-only"> – {title}</span>
        </Link>
      </div>
      <ScrollRow columns={columns} label={title}>
        {products.map((p) => (
          <ProductCard key={p._id} product={p} sizes={cardSizes(columns.lg)} />
        ))}
      </ScrollRow>
    </section>
  );
}
