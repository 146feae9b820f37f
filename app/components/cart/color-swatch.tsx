import { useT } from "~/i18n/react";

/** A colour value shown as a dot, named for screen readers (colours are CSS values like "#000000"). */
export function ColorSwatch({ color, className = "size-4" }: { color: string; className?: string }) {
  const t = useT();
  return (
    <span
      role="img"
      aria-label={`${t("cart.color")}: ${color}`}
      title={color}
      className={`inline-block shrink-0 rounded-full border border-line ${className}`}
      style={{ backgroundColor: color }}
    />
  );
}
