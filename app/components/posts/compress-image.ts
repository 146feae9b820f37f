/**
 * Review images are compressed in the browser before upload: WebP, at most 1920 px on the long
 * side and at most 1 MB (SPEC §5 Review, §9). Canvas only, no library.
 */
import { LIMITS } from "@core/constants";

/** Scale (w, h) down so neither side exceeds maxPx, keeping the aspect ratio. */
export function fitWithin(
  width: number,
  height: number,
  maxPx: number = LIMITS.postImageMaxPx,
): { width: number; height: number } {
  const scale = Math.min(1, maxPx / Math.max(width, height, 1));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

export class NotAnImageError extends Error {}

/** Qualities tried in turn; below the last one the picture shrinks instead. */
const QUALITIES = [0.85, 0.75, 0.65, 0.5];

export async function compressToWebp(file: File, maxBytes: number = LIMITS.postImageMaxBytes): Promise<File> {
  if (!file.type.startsWith("image/")) throw new NotAnImageError(file.name);
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    throw new NotAnImageError(file.name);
  }
  try {
    let { width, height } = fitWithin(bitmap.width, bitmap.height);
    for (let attempt = 0; attempt < 6; attempt++) {
      const canvas = document.createElement("canvas");
      canvas.width = width;
      canvas.height = height;
      const ctx = canvas.getContext("2d");
      if (!ctx) throw new Error("canvas unavailable");
      ctx.drawImage(bitmap, 0, 0, width, height);
      for (const quality of QUALITIES) {
        const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/webp", quality));
        if (blob && blob.size <= maxBytes) {
          const name = `${file.name.replace(/\.[^.]*$/, "")}.webp`;
          return new File([blob], name, { type: "image/webp" });
        }
      }
      width = Math.max(1, Math.round(width * 0.75));
      height = Math.max(1, Math.round(height * 0.75));
    }
    throw new Error("image too large to compress");
  } finally {
    bitmap.close();
  }
}
