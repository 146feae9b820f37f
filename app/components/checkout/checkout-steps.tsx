import { Check } from "lucide-react";
import { useT } from "~/i18n/react";

export const CHECKOUT_STEPS = ["review", "address", "payment", "place"] as const;
export type CheckoutStep = (typeof CHECKOUT_STEPS)[number];

/** The four steps of SPEC §2 Checkout, the current one marked for screen readers. */
export function CheckoutSteps({ current }: { current: number }) {
  const t = useT();
  return (
    <nav aria-label={t("checkout.steps")} className="mb-6">
      <ol className="flex flex-wrap items-center gap-2 text-sm">
        {CHECKOUT_STEPS.map((step, i) => {
          const done = i < current;
          const active = i === current;
          return (
            <li key={step} aria-current={active ? "step" : undefined} className="flex items-center gap-2">
              <span
                className={`inline-flex size-7 items-center justify-center rounded-full border text-xs font-semibold ${
                  active
                    ? "border-brand-600 bg-brand-600 text-white"
                    : done
                      ? "border-brand-600 text-brand-700 dark:text-brand-300"
                      : "border-line text-muted"
                }`}
                aria-hidden
              >
                {done ? <Check className="size-4" /> : i + 1}
              </span>
              <span className={active ? "font-semibold" : "text-muted"}>{t(`checkout.step.${step}`)}</span>
              {i < CHECKOUT_STEPS.length - 1 ? <span className="mx-1 h-px w-6 bg-line" aria-hidden /> : null}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
