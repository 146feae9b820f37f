import { useEffect, useId, useState, type CSSProperties } from "react";
import { Link } from "react-router";
import type { CardProduct } from "~/components/catalog/card-product";
import { ProductCard } from "~/components/catalog/product-card";
import { cardSizes } from "~/components/catalog/image-sources";
import { NearView } from "~/components/ui/near-view";
import { useT } from "~/i18n/react";
import { rowColumns } from "./row-layout";
import { ScrollRow } from "./scroll-row";
import { SectionLoadFailed } from "./section-load-failed";

/** A row below the first screen: how many cards it has, and how to fetch them (decision 362). */
export interface LaterCards {
  count: number;
  load: () => Promise<CardProduct[]>;
}

export interface ProductRowProps {
  title: string;
  viewAllTo: string;
  testId?: string;
  /** The row's cards, rendered with the page: the rows of the first screen. */
  products?: CardProduct[];
  /** Or, for rows below it, fetched and rendered when scrolled near (docs/decisions/080, 362). */
  later?: LaterCards;
}

/** A home row: title, VIEW ALL, and the products, as many side by side as the count rule says. */
export function ProductRow({ title, products, later, viewAllTo, testId }: ProductRowProps) {
  const t = useT();
  const headingId = useId();
  const columns = rowColumns(products?.length ?? later?.count ?? 0);
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
      {products ? (
        <Cards products={products} columns={columns} title={title} />
      ) : (
        <NearView placeholder={<RowPlaceholder columns={columns} />}>
          <LaterRow later={later!} columns={columns} title={title} />
        </NearView>
      )}
    </section>
  );
}

type Columns = ReturnType<typeof rowColumns>;

function Cards({ products, columns, title }: { products: CardProduct[]; columns: Columns; title: string }) {
  return (
    <ScrollRow columns={columns} label={title}>
      {products.map((p) => (
        <ProductCard key={p._id} product={p} sizes={cardSizes(columns.lg)} />
      ))}
    </ScrollRow>
  );
}

/** A later row's cards; trying again starts a fetch of its own (a new FetchedCards). */
function LaterRow(props: { later: LaterCards; columns: Columns; title: string }) {
  const [attempt, setAttempt] = useState(0);
  return <FetchedCards key={attempt} {...props} onRetry={() => setAttempt((n) => n + 1)} />;
}

/**
 * The placeholder while the cards are fetched (one request for every later row), then the cards;
 * if the request fails, a message and a button to try again in their place.
 */
function FetchedCards({
  later,
  columns,
  title,
  onRetry,
}: {
  later: LaterCards;
  columns: Columns;
  title: string;
  onRetry: () => void;
}) {
  const t = useT();
  const [cards, setCards] = useState<CardProduct[] | "failed" | null>(null);
  useEffect(() => {
    let current = true;
    later.load().then(
      (loaded) => current && setCards(loaded),
      () => current && setCards("failed"),
    );
    return () => {
      current = false;
    };
  }, [later]);
  if (cards === null) return <RowPlaceholder columns={columns} />;
  if (cards !== "failed") return <Cards products={cards} columns={columns} title={title} />;
  return (
    <SectionLoadFailed
      message={t("catalog.rowLoadFailed")}
      onRetry={onRetry}
      box="min-h-40 rounded-xl"
      testId="row-failed"
    />
  );
}

/**
 * The size of a row of cards without them: the same columns, each an image box with room below for
 * the card's two lines of name and one of price (gap-2 + h-12 + gap-2 + h-6 = 5.5rem), as a
 * ProductCard lays them out. One element per column: a page holds twenty of these rows, and every
 * element is laid out and hydrated on a phone before the page answers.
 */
function RowPlaceholder({ columns }: { columns: Columns }) {
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
