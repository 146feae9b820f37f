import { useT } from "~/i18n/react";
import { colorName, swatchColor } from "@core/color-names";

/** A colour shown as a dot and named for screen readers ("Black"), as the product page names it. */
export function ColorSwatch({ color, className = "size-4" }: { color: string; className?: string }) {
  const t = useT();
  const named = colorName(color);
  const label = named ? t(`catalog.color.${named}`) : color;
  return (
    <span
      role="img"
      aria-label={`${t("cart.color")}: ${label}`}
      title={label}
      className={`inline-block shrink-0 rounded-full border border-line ${className}`}
      style={{ backgroundColor: swatchColor(color) }}
    />
  );
}
