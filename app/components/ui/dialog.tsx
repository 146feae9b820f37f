import type { ReactNode } from "react";
import { useT } from "~/i18n/react";
import { Button } from "./button";
import { lazyModal } from "./lazy-modal";

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Wider dialogs for forms and quick view. */
  size?: "sm" | "md" | "lg" | "xl";
}

/** Accessible modal (focus trap, Escape, labelled) from Radix, loaded the first time it opens. */
export const Dialog = lazyModal<DialogProps>(() => import("./dialog-radix"));

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  confirmLabel?: ReactNode;
  onConfirm: () => void | Promise<void>;
  danger?: boolean;
  loading?: boolean;
}

/** "Are you sure?" before a destructive action. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  onConfirm,
  danger = true,
  loading,
}: ConfirmDialogProps) {
  const t = useT();
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title} description={description} size="sm">
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={() => onOpenChange(false)}>
          {t("common.cancel")}
        </Button>
        <Button
          variant={danger ? "danger" : "primary"}
          loading={loading}
          onClick={() => void onConfirm()}
          data-testid="confirm-button"
        >
          {confirmLabel ?? t("common.confirm")}
        </Button>
      </div>
    </Dialog>
  );
}
