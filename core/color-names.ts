/**
 * Products store colours as values (#000000, "red"). Swatches and printed documents need a name:
 * the nearest of a small palette, translated through "catalog.color.<name>".
 */
const PALETTE: Record<string, [number, number, number]> = {
  black: [0, 0, 0],
  white: [255, 255, 255],
  gray: [128, 128, 128],
  red: [220, 38, 38],
  maroon: [128, 0, 32],
  pink: [244, 114, 182],
  orange: [249, 115, 22],
  yellow: [250, 204, 21],
  beige: [228, 213, 183],
  brown: [120, 72, 40],
  green: [22, 163, 74],
  olive: [107, 114, 40],
  blue: [37, 99, 235],
  navy: [20, 30, 90],
  purple: [126, 34, 206],
  gold: [212, 175, 55],
};

const CSS_NAMES: Record<string, string> = {
  black: "#000000",
  white: "#ffffff",
  gray: "#808080",
  grey: "#808080",
  red: "#ff0000",
  maroon: "#800000",
  pink: "#ffc0cb",
  orange: "#ffa500",
  yellow: "#ffff00",
  beige: "#f5f5dc",
  brown: "#a52a2a",
  green: "#008000",
  olive: "#808000",
  blue: "#0000ff",
  navy: "#000080",
  purple: "#800080",
  gold: "#ffd700",
};

function toRgb(value: string): [number, number, number] | null {
  const v = value.trim().toLowerCase();
  const hex = CSS_NAMES[v] ?? v;
  const m = hex.match(/^#?([0-9a-f]{3}|[0-9a-f]{6})$/);
  if (!m) return null;
  const h = m[1].length === 3 ? [...m[1]].map((c) => c + c).join("") : m[1];
  return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16)) as [number, number, number];
}

/** The palette name nearest to a colour value, or null when the value is not a colour we read. */
export function colorName(value: string): string | null {
  const rgb = toRgb(value);
  if (!rgb) return null;
  let best = "black";
  let bestDistance = Infinity;
  for (const [name, ref] of Object.entries(PALETTE)) {
    // Weighted RGB distance: cheap and close enough to how people name colours.
    const d = 2 * (rgb[0] - ref[0]) ** 2 + 4 * (rgb[1] - ref[1]) ** 2 + 3 * (rgb[2] - ref[2]) ** 2;
    if (d < bestDistance) {
      bestDistance = d;
      best = name;
    }
  }
  return best;
}

/** A CSS colour for the swatch itself (any value the browser understands is fine). */
export const swatchColor = (value: string) => (toRgb(value) ? `rgb(${toRgb(value)!.join(" ")})` : value);
