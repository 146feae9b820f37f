/**
 * Responsive image sources. Uploads are re-encoded at a few widths next to each other
 * (`/uploads/<name>-<width>.webp`); from any one of them we can list the others for `srcset`.
 * Other URLs (seeded or external images) have no variants and get a plain `src`.
 */
export const IMAGE_WIDTHS = [400, 800, 1600] as const;

const VARIANT = /^(\/uploads\/.+)-(400|800|1600)\.webp$/;

export function imageSources(
  url: string,
  preferredWidth: (typeof IMAGE_WIDTHS)[number] = 800,
): { src: string; srcSet?: string } {
  const m = url.match(VARIANT);
  if (!m) return { src: url };
  const base = m[1];
  return {
    src: `${base}-${preferredWidth}.webp`,
    srcSet: IMAGE_WIDTHS.map((w) => `${base}-${w}.webp ${w}w`).join(", "),
  };
}

/** `sizes` for a card in a grid with this many columns on a desktop (two on a phone). */
export function cardSizes(desktopColumns: number): string {
  const vw = Math.ceil(100 / Math.max(1, desktopColumns));
  return `(max-width: 767px) 50vw, (max-width: 1279px) 33vw, ${vw}vw`;
}
