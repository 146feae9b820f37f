import { Dialog as RadixDialog } from "radix-ui";
import { X } from "lucide-react";
import { useT } from "~/i18n/react";
import type { DialogProps } from "./dialog";

const widths = { sm: "max-w-sm", md: "max-w-lg", lg: "max-w-2xl", xl: "max-w-4xl" };

/** Accessible modal (focus trap, Escape, labelled) from Radix. */
export default function RadixModal({ open, onOpenChange, title, description, children, size = "md" }: DialogProps) {
  const t = useT();
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <RadixDialog.Content
          className={`fixed start-1/2 top-1/2 z-50 max-h-[90dvh] w-[calc(100vw-2rem)] ${widths[size]} -translate-y-1/2 overflow-y-auto rounded-2xl bg-surface p-6 shadow-xl ltr:-translate-x-1/2 rtl:translate-x-1/2`}
        >
          <div className="mb-4 flex items-start justify-between gap-4">
            <div>
              <RadixDialog.Title className="text-lg font-semibold">{title}</RadixDialog.Title>
              {description ? (
                <RadixDialog.Description className="mt-1 text-sm text-muted">{description}</RadixDialog.Description>
              ) : null}
            </div>
            <RadixDialog.Close asChild>
              <button
                type="button"
                className="inline-flex size-8 items-center justify-center rounded-full hover:bg-surface-2"
                aria-label={t("common.close")}
              >
                <X className="size-4" aria-hidden />
              </button>
            </RadixDialog.Close>
          </div>
          {description ? null : <RadixDialog.Description className="sr-only">{title}</RadixDialog.Description>}
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
