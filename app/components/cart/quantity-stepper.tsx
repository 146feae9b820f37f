import { Minus, Plus } from "lucide-react";
import { useT } from "~/i18n/react";

interface QuantityStepperProps {
  value: number;
  max: number;
  /** The product's name, so each button says which line it changes. */
  name: string;
  disabled?: boolean;
  onChange: (quantity: number) => void;
}

/** − n + between 1 and max (10 and never above stock). */
export function QuantityStepper({ value, max, name, disabled, onChange }: QuantityStepperProps) {
  const t = useT();
  const btn =
    "inline-flex size-8 items-center justify-center rounded-full hover:bg-surface-2 disabled:cursor-not-allowed disabled:opacity-40";
  return (
    <div
      className="inline-flex items-center gap-1 rounded-full border border-line p-0.5"
      role="group"
      aria-label={t("cart.quantity")}
    >
      <button
        type="button"
        className={btn}
        disabled={disabled || value <= 1}
        onClick={() => onChange(value - 1)}
        aria-label={t("cart.decrease", { name })}
      >
        <Minus className="size-4" aria-hidden />
      </button>
      <output
        className="min-w-6 text-center text-sm font-semibold tabular-nums"
        aria-live="polite"
        data-testid="line-quantity"
      >
        {value}
      </output>
      <button
        type="button"
        className={btn}
        disabled={disabled || value >= max}
        onClick={() => onChange(value + 1)}
        aria-label={t("cart.increase", { name })}
        title={value >= max ? t("cart.maxReached") : undefined}
      >
        <Plus className="size-4" aria-hidden />
      </button>
    </div>
  );
}
