import { useId, type CSSProperties } from "react";
import { Link } from "react-router";
import type { CardProduct } from "~/components/catalog/card-product";
import { ProductCard } from "~/components/catalog/product-card";
import { cardSizes } from "~/components/catalog/image-sources";
import { NearView } from "~/components/ui/near-view";
import { useT } from "~/i18n/react";
import { rowColumns } from "./row-layout";
import { ScrollRow } from "./scroll-row";

export interface ProductRowProps {
  title: string;
  products: CardProduct[];
  viewAllTo: string;
  testId?: string;
  /** Rows below the first screen render their cards only when scrolled near (docs/decisions/080). */
  cards?: "now" | "near-view";
}

/** A home row: title, VIEW ALL, and the products, as many side by side as the count rule says. */
export function ProductRow({ title, products, viewAllTo, testId, cards = "now" }: ProductRowProps) {
  const t = useT();
  const headingId = useId();
  const columns = rowColumns(products.length);
  const row = (
    <ScrollRow columns={columns} label={title}>
      {products.map((p) => (
        <ProductCard key={p._id} product={p} sizes={cardSizes(columns.lg)} />
      ))}
    </ScrollRow>
  );
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
      {cards === "now" ? row : <NearView placeholder={<RowPlaceholder columns={columns} />}>{row}</NearView>}
    </section>
  );
}

/**
 * The size of a row of cards without them: the same columns, each an image box with room below for
 * the card's two lines of name and one of price (gap-2 + h-12 + gap-2 + h-6 = 5.5rem), as a
 * ProductCard lays them out. One element per column: a page holds twenty of these rows, and every
 * element is laid out and hydrated on a phone before the page answers.
 */
function RowPlaceholder({ columns }: { columns: { sm: number; md: number; lg: number } }) {
  const style = { "--c-sm": columns.sm, "--c-md": columns.md, "--c-lg": columns.lg } as CSSProperties;
  return (
    <div
      aria-hidden
      style={style}
      className="flex gap-4 overflow-hidden pb-2 [--c:var(--c-sm)] md:[--c:var(--c-md)] lg:[--c:var(--c-lg)]"
      data-testid="cards-placeholder"
    >
      {Array.from({ length: columns.lg }, (_, i) => (
        <div
          key={i}
          className="mb-[5.5rem] aspect-[3/4] shrink-0 grow-0 basis-[calc((100%-(var(--c)-1)*1rem)/var(--c))] rounded-xl bg-surface-2"
        />
      ))}
    </div>
  );
}
