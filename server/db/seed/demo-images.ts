/**
 * Demo pictures drawn, not downloaded: a garment silhouette in the product's colour on a soft
 * gradient, rendered from SVG to WebP at the upload widths (400/800/1600) into the uploads store.
 * Names are stable, so a picture shared by several products is drawn once, and a restart reuses it.
 */
import { loadSharp, withSharpCacheWhile } from "../../modules/media/load-sharp";
import type { Category } from "@core/constants";
import type { ObjectStore } from "../../storage";

const WIDTHS = [400, 800, 1600] as const;

/** One outline per category, in a 400 × 500 box. */
const SILHOUETTES: Record<Category, string> = {
  dresses:
    "M160 60 Q200 80 240 60 L262 78 L250 150 Q246 190 262 230 L318 450 Q200 475 82 450 L138 230 Q154 190 150 150 L138 78 Z",
  blouses:
    "M160 70 Q200 95 240 70 L300 95 L338 220 L300 232 L282 170 L280 380 Q200 395 120 380 L118 170 L100 232 L62 220 L100 95 Z",
  cardigans:
    "M158 66 L200 180 L242 66 L300 92 L340 330 L304 338 L284 190 L284 420 L116 420 L116 190 L96 338 L60 330 L100 92 Z M198 180 L202 420",
  chemises:
    "M165 62 L200 100 L235 62 L298 90 L336 250 L302 258 L282 170 L286 440 Q200 455 114 440 L118 170 L98 258 L64 250 L102 90 Z",
  hoodies:
    "M150 100 Q150 40 200 38 Q250 40 250 100 L305 118 L345 330 L306 338 L288 210 L288 420 L112 420 L112 210 L94 338 L55 330 L95 118 Z",
  jackets:
    "M156 62 L200 150 L244 62 L306 88 L344 360 L306 366 L288 200 L292 430 L210 430 L200 150 L190 430 L108 430 L112 200 L94 366 L56 360 L94 88 Z",
  pants: "M126 60 L274 60 L290 460 L222 460 L200 170 L178 460 L110 460 Z",
  sweatshirts:
    "M160 78 Q200 100 240 78 L302 100 L342 320 L304 328 L286 200 L286 400 L114 400 L114 200 L96 328 L58 320 L98 100 Z",
  skirts: "M140 110 L260 110 L268 140 L330 420 Q200 445 70 420 L132 140 Z",
  tops: "M150 70 L180 70 Q200 100 220 70 L250 70 L262 140 L282 380 Q200 395 118 380 L138 140 Z",
};

/** A lighter shade of a #rrggbb colour for the background. */
function tint(hex: string, amount: number): string {
  const n = parseInt(hex.slice(1), 16);
  const mix = (c: number) => Math.round(c + (255 - c) * amount);
  const r = mix(n >> 16),
    g = mix((n >> 8) & 255),
    b = mix(n & 255);
  return `#${((r << 16) | (g << 8) | b).toString(16).padStart(6, "0")}`;
}

const background = (color: string) => `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${tint(color, 0.9)}"/><stop offset="1" stop-color="${tint(color, 0.7)}"/>
    </linearGradient></defs><rect width="400" height="500" fill="url(#bg)"/>`;

function garmentSvg(kind: Category, color: string, width: number): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 500" width="${width}" height="${Math.round(width * 1.25)}">
    ${background(color)}
    <ellipse cx="200" cy="470" rx="130" ry="14" fill="#000" opacity="0.07"/>
    <path d="${SILHOUETTES[kind]}" fill="${color}" stroke="${tint(color, 0.35)}" stroke-width="3" stroke-linejoin="round"/>
  </svg>`;
}

function bannerSvg(colors: [string, string], kinds: Category[], width: number): string {
  const h = Math.round(width * 0.4375);
  const shapes = kinds
    .map(
      (k, i) =>
        `<g transform="translate(${600 + i * 260} 70) scale(1.1)"><path d="${SILHOUETTES[k]}" fill="${i % 2 ? colors[1] : colors[0]}" opacity="0.92"/></g>`,
    )
    .join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1600 700" width="${width}" height="${h}">
    <defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="0.6">
      <stop offset="0" stop-color="${tint(colors[0], 0.88)}"/><stop offset="1" stop-color="${tint(colors[1], 0.6)}"/>
    </linearGradient></defs>
    <rect width="1600" height="700" fill="url(#bg)"/>
    <circle cx="1180" cy="360" r="320" fill="${tint(colors[1], 0.8)}" opacity="0.6"/>
    ${shapes}
  </svg>`;
}

/** Rasterises the picture once at the largest width and scales that down for the smaller ones. */
async function writeSet(uploads: ObjectStore, name: string, svgFor: (width: number) => string): Promise<void> {
  const files = WIDTHS.map((w) => ({ w, key: `${name}-${w}.webp` }));
  const present = await Promise.all(files.map((f) => uploads.exists(f.key)));
  if (present.every(Boolean)) return;
  const largest = WIDTHS[WIDTHS.length - 1]!;
  const sharp = await loadSharp();
  const { data, info } = await sharp(Buffer.from(svgFor(largest)))
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
  await Promise.all(
    files.map(async ({ w, key }) => {
      const content = await sharp(data, raw).resize({ width: w }).webp({ quality: 78, effort: 0 }).toBuffer();
      await uploads.put(key, content, "image/webp");
    }),
  );
}

export interface ImageJob {
  name: string;
  svgFor: (width: number) => string;
}

export const garmentImage = (kind: Category, color: string): ImageJob => ({
  name: `demo-${kind}-${color.slice(1)}`,
  svgFor: (w) => garmentSvg(kind, color, w),
});

export const bannerImage = (name: string, colors: [string, string], kinds: Category[]): ImageJob => ({
  name: `demo-banner-${name}`,
  svgFor: (w) => bannerSvg(colors, kinds, w),
});

/** Renders each distinct picture once, two at a time (the machine has two cores). */
export async function renderImages(uploads: ObjectStore, jobs: ImageJob[]): Promise<void> {
  const unique = [...new Map(jobs.map((j) => [j.name, j])).values()];
  let next = 0;
  const worker = async () => {
    while (next < unique.length) {
      const job = unique[next++]!;
      await writeSet(uploads, job.name, job.svgFor);
    }
  };
  // The cache is off again once the pictures are drawn: the process keeps no libvips cache.
  await withSharpCacheWhile(() => Promise.all([worker(), worker()]));
}

export const imageUrl = (job: ImageJob) => `/uploads/${job.name}-800.webp`;
