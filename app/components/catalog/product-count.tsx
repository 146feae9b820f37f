import { groupThousands } from "@core/pricing";
import { useT } from "~/i18n/react";

/**
 * "62 products", or "1,000+ products" when the listing's count stopped at its ceiling
 * (`totalIsAtLeast`, decision 282): the shop never claims an exact figure it did not count. The
 * number sits in a <bdi>, so "1,000" keeps its order inside Arabic text ("أكثر من 1,000 منتج").
 */
export function ProductCount({ total, atLeast }: { total: number; atLeast?: boolean }) {
  const t = useT();
  const n = groupThousands(total);
  const text = atLeast ? t("catalog.productCountAtLeast", { n }) : t("catalog.productCount", { count: total, n });
  const [before, after] = text.split(n);
  if (after === undefined) return <>{text}</>;
  return (
    <>
      {before}
      <bdi>{n}</bdi>
      {after}
    </>
  );
}
