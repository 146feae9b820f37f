import { Dialog as RadixDialog } from "radix-ui";
import { X } from "lucide-react";
import { useT } from "~/i18n/react";
import type { BottomSheetProps } from "./bottom-sheet";

/** The sheet itself, on Radix's dialog. */
export default function RadixBottomSheet({ open, onOpenChange, title, children }: BottomSheetProps) {
  const t = useT();
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <RadixDialog.Content
          className="fixed inset-x-0 bottom-0 z-50 max-h-[85dvh] overflow-y-auto rounded-t-2xl bg-surface p-5 pb-8 shadow-xl"
          aria-describedby={undefined}
          data-testid="filter-sheet"
        >
          <div className="mx-auto mb-3 h-1.5 w-12 rounded-full bg-line" aria-hidden />
          <div className="mb-4 flex items-center justify-between">
            <RadixDialog.Title className="text-lg font-semibold">{title}</RadixDialog.Title>
            <RadixDialog.Close asChild>
              <button
                type="button"
                className="inline-flex size-9 items-center justify-center rounded-full hover:bg-surface-2"
                aria-label={t("catalog.closeFilters")}
              >
                <X className="size-5" aria-hidden />
              </button>
            </RadixDialog.Close>
          </div>
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
