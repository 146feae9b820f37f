import type { ReactNode } from "react";

/** The size guide dialog's one line of status: loading, or why there is no table. */
export function SizeGuideStatus({ children }: { children: ReactNode }) {
  return (
    <p className="text-sm text-muted" role="status" data-testid="size-guide-status">
      {children}
    </p>
  );
}
