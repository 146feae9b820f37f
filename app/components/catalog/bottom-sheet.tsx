import type { ReactNode } from "react";
import { lazyModal } from "~/components/ui/lazy-modal";

export interface BottomSheetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  children: ReactNode;
}

/** A sheet that slides up from the bottom of a phone screen (the shop's filters, SPEC §2), loaded when it first opens. */
export const BottomSheet = lazyModal<BottomSheetProps>(() => import("./bottom-sheet-radix"));
