import { Minus, Plus } from "lucide-react";
import { useId } from "react";
import { useT } from "~/i18n/react";
import { colorName, swatchColor } from "@core/color-names";
import { sizeLabel } from "~/lib/size-label";

/** Sizes as a native radio group: arrow keys, one tab stop, announced as "Size, M, 3 of 6". */
export function SizePicker({
  sizes,
  value,
  onChange,
  soldOut,
}: {
  sizes: string[];
  value: string;
  onChange: (s: string) => void;
  /** Sizes with nothing left in the chosen colour: struck through and named so (issue 15). */
  soldOut?: ReadonlySet<string>;
}) {
  const t = useT();
  const name = useId();
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium">{t("catalog.size")}</legend>
      <div className="flex flex-wrap gap-2" data-testid="size-picker">
        {sizes.map((s) => (
          <label
            key={s}
            className="relative inline-flex h-10 min-w-12 cursor-pointer items-center justify-center rounded-lg border border-line px-3 text-sm font-medium has-checked:border-ink has-checked:bg-ink has-checked:text-surface has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-500"
          >
            <input
              type="radio"
              name={name}
              value={s}
              checked={value === s}
              onChange={() => onChange(s)}
              className="sr-only"
              aria-label={soldOut?.has(s) ? t("variants.sizeSoldOut", { size: sizeLabel(s, t) }) : undefined}
            />
            <bdi
              className={soldOut?.has(s) ? "text-muted line-through" : undefined}
              data-sold-out={soldOut?.has(s) || undefined}
            >
              {sizeLabel(s, t)}
            </bdi>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** Colour swatches as a radio group; each is named for screen readers ("Black"), not read as a hex code. */
export function ColorSwatches({
  colors,
  value,
  onChange,
  soldOut,
}: {
  colors: string[];
  value: string;
  onChange: (c: string) => void;
  /** Colours with nothing left in the chosen size: crossed and named so (issue 15). */
  soldOut?: ReadonlySet<string>;
}) {
  const t = useT();
  const name = useId();
  const label = (c: string) => {
    const n = colorName(c);
    return n ? t(`catalog.color.${n}`) : c;
  };
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium">
        {value ? t("catalog.selectedColor", { name: label(value) }) : t("catalog.color")}
      </legend>
      <div className="flex flex-wrap gap-2" data-testid="color-swatches">
        {colors.map((c) => (
          <label
            key={c}
            title={label(c)}
            className="relative inline-flex size-10 cursor-pointer items-center justify-center rounded-full border-2 border-transparent has-checked:border-ink has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-500"
          >
            <input
              type="radio"
              name={name}
              value={c}
              checked={value === c}
              onChange={() => onChange(c)}
              className="sr-only"
              aria-label={soldOut?.has(c) ? t("variants.colorSoldOut", { color: label(c) }) : label(c)}
            />
            <span
              className={`size-7 rounded-full border border-line ${soldOut?.has(c) ? "opacity-40" : ""}`}
              style={{ backgroundColor: swatchColor(c) }}
              aria-hidden
            />
            {soldOut?.has(c) ? (
              <span className="absolute h-0.5 w-9 rotate-45 rounded bg-ink" aria-hidden data-sold-out />
            ) : null}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** 1 to max (the cart line limit and the stock, SPEC §5). */
export function QuantityStepper({
  value,
  max,
  onChange,
  disabled,
}: {
  value: number;
  max: number;
  onChange: (n: number) => void;
  disabled?: boolean;
}) {
  const t = useT();
  const id = useId();
  const clamp = (n: number) => Math.min(Math.max(1, n), Math.max(1, max));
  const btn = "inline-flex size-10 items-center justify-center rounded-full hover:bg-surface-2 disabled:opacity-40";
  return (
    <div>
      <label htmlFor={id} className="mb-2 block text-sm font-medium">
        {t("catalog.quantity")}
      </label>
      <div className="inline-flex items-center gap-1 rounded-full border border-line p-1">
        <button
          type="button"
          className={btn}
          onClick={() => onChange(clamp(value - 1))}
          disabled={disabled || value <= 1}
          aria-label={t("catalog.decreaseQuantity")}
        >
          <Minus className="size-4" aria-hidden />
        </button>
        <input
          id={id}
          type="number"
          inputMode="numeric"
          min={1}
          max={Math.max(1, max)}
          value={value}
          disabled={disabled}
          onChange={(e) => onChange(clamp(Number(e.target.value) || 1))}
          className="w-12 bg-transparent text-center font-medium outline-none [appearance:textfield] [&::-webkit-inner-spin-button]:appearance-none"
          data-testid="quantity-input"
        />
        <button
          type="button"
          className={btn}
          onClick={() => onChange(clamp(value + 1))}
          disabled={disabled || value >= max}
          aria-label={t("catalog.increaseQuantity")}
        >
          <Plus className="size-4" aria-hidden />
        </button>
      </div>
    </div>
  );
}
