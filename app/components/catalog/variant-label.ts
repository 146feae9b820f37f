import { colorName } from "@core/color-names";
import { sizeLabel } from "~/lib/size-label";

/** A colour as people read it ("Black"), not a hex code; a value we cannot name is shown as is. */
export function colorLabel(color: string, t: (key: string) => string): string {
  const n = colorName(color);
  return n ? t(`catalog.color.${n}`) : color;
}

/** A size and colour pair as one short label: "M, Black" (issue 15). */
export function variantLabel(size: string, color: string, t: (key: string) => string): string {
  return [size ? sizeLabel(size, t) : "", color ? colorLabel(color, t) : ""]
    .filter(Boolean)
    .join(t("variants.pairSeparator"));
}
