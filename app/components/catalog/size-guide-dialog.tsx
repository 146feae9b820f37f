import { Ruler } from "lucide-react";
import { lazy, Suspense, useRef, useState } from "react";
import { Dialog } from "~/components/ui/dialog";
import { useT } from "~/i18n/react";
import { SizeGuideStatus } from "./size-guide-status";

// The table and its request load with the dialog, on first open (docs/decisions/350).
const loadTable = () => import("./size-guide-table");
const SizeGuideTable = lazy(loadTable);

/**
 * The "Size guide" link of the product page and Quick View (issue 15, part 6). The category's table
 * is read when the dialog first opens, so pages that never open it pay nothing for it.
 */
export function SizeGuideButton({ category }: { category: string }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  // Radix returns focus only to its own Trigger; this dialog has none, so the link takes it back.
  const openChange = (next: boolean) => {
    setOpen(next);
    if (!next) requestAnimationFrame(() => opener.current?.focus());
  };
  return (
    <>
      <button
        ref={opener}
        type="button"
        className="inline-flex items-center gap-1 self-start text-sm font-medium text-brand-700 underline underline-offset-4 dark:text-brand-300"
        onClick={() => {
          void loadTable();
          setOpen(true);
        }}
        aria-haspopup="dialog"
        data-testid="size-guide-open"
      >
        <Ruler className="size-4" aria-hidden />
        {t("sizeGuides.open")}
      </button>
      <Dialog
        open={open}
        onOpenChange={openChange}
        title={t("sizeGuides.title", { category: t(`common.category.${category}`) })}
        description={t("sizeGuides.intro")}
        size="lg"
      >
        {/* Its own boundary: the dialog opens at once, saying it is loading, while the table's code
            arrives, instead of the whole dialog waiting for it (and under Preact, decision 386,
            being mounted outside the page, its focus trap holding nothing). */}
        <Suspense fallback={<SizeGuideStatus>{t("sizeGuides.loading")}</SizeGuideStatus>}>
          <SizeGuideTable category={category} />
        </Suspense>
      </Dialog>
    </>
  );
}
