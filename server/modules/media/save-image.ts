import crypto from "node:crypto";
import type { Sharp } from "sharp";
import { loadSharp } from "./load-sharp";
import { AppError } from "../../errors";
import { assertPixelsWithin, IMAGE_MAX_PIXELS, imageWork } from "./image-work";
import type { SavedImage } from "./media-dto";
import type { ObjectStore } from "../../storage";

/** The widths every upload is stored at; srcset uses them all, `url` is the middle one. */
export const IMAGE_WIDTHS = [400, 800, 1600] as const;
export const DEFAULT_WIDTH = 800;

/** Image formats recognised by their first bytes; the file name and declared type are ignored. */
export function sniffImage(buf: Buffer): "jpeg" | "png" | "gif" | "webp" | "avif" | null {
  if (buf.length < 12) return null;
  if (buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return "jpeg";
  if (buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return "png";
  if (buf.subarray(0, 6).toString("latin1") === "GIF87a" || buf.subarray(0, 6).toString("latin1") === "GIF89a")
    return "gif";
  if (buf.subarray(0, 4).toString("latin1") === "RIFF" && buf.subarray(8, 12).toString("latin1") === "WEBP")
    return "webp";
  const brand = buf.subarray(4, 12).toString("latin1");
  if (brand === "ftypavif" || brand === "ftypavis") return "avif";
  return null;
}

/**
 * Re-encodes an image to WebP at each width (never enlarged), under random names in the uploads
 * store. Re-encoding drops metadata (location, camera) and anything hidden after the image data.
 */
export async function saveImage(uploads: ObjectStore, input: Buffer): Promise<SavedImage> {
  if (!sniffImage(input)) throw new AppError("bad_input", "catalogAdmin.uploadNotImage");
  const encoded = await imageWork.run(() => encodeImage(input));
  // Stored outside the gate: a slow bucket must not hold the one decoding slot.
  const base = crypto.randomBytes(12).toString("base64url");
  const urls = {} as SavedImage["urls"];
  await Promise.all(
    encoded.map(async ({ width, content }) => {
      const name = `${base}-${width}.webp`;
      await uploads.put(name, content, "image/webp");
      urls[width] = `/uploads/${name}`;
    }),
  );
  return { url: urls[DEFAULT_WIDTH], urls };
}

/** Decode and encode, inside the gate; the size is read from the header before any pixel is decoded. */
async function encodeImage(input: Buffer): Promise<{ width: (typeof IMAGE_WIDTHS)[number]; content: Buffer }[]> {
  const sharp = await loadSharp();
  await assertPixelsWithin(sharp, input, {
    unreadable: "catalogAdmin.uploadUnreadable",
    tooLarge: "catalogAdmin.uploadTooManyPixels",
  });
  // limitInputPixels again on the decoder itself, should a format's header under-state its size.
  const source: Sharp = sharp(input, { limitInputPixels: IMAGE_MAX_PIXELS }).rotate();
  const encoded = [];
  try {
    for (const width of IMAGE_WIDTHS) {
      const content = await source.clone().resize({ width, withoutEnlargement: true }).webp({ quality: 80 }).toBuffer();
      encoded.push({ width, content });
    }
  } catch {
    throw new AppError("bad_input", "catalogAdmin.uploadUnreadable");
  }
  return encoded;
}
