import type { ReactNode } from "react";
import { CheckCircle2, Info, TriangleAlert } from "lucide-react";

const tones = {
  info: "border-brand-200 bg-brand-50 text-brand-900 dark:border-brand-800 dark:bg-brand-900/30 dark:text-brand-100",
  success: "border-green-200 bg-green-50 text-green-900 dark:border-green-900 dark:bg-green-950/40 dark:text-green-100",
  error: "border-red-200 bg-red-50 text-red-900 dark:border-red-900 dark:bg-red-950/40 dark:text-red-100",
};
const icons = { info: Info, success: CheckCircle2, error: TriangleAlert };

/** A one-line banner above a form (sign-in required, logged out, and so on). */
export function Notice({ tone, children, testId }: { tone: keyof typeof tones; children: ReactNode; testId?: string }) {
  const Icon = icons[tone];
  return (
    <p
      role={tone === "error" ? "alert" : "status"}
      className={`flex items-center gap-2 rounded-xl border p-3 text-sm ${tones[tone]}`}
      data-testid={testId}
    >
      <Icon className="size-4 shrink-0" aria-hidden />
      <span>{children}</span>
    </p>
  );
}
