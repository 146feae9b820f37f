/**
 * A return's photos (issue 17): checked as images by their bytes like every upload, re-encoded to
 * one WebP (which drops the camera's metadata, location included) and kept in the private store,
 * never served: staff read them through their own route.
 */
import crypto from "node:crypto";
import { RETURN_PHOTO_MAX_BYTES } from "@core/validation/returns";
import { AppError } from "../../errors";
import type { ObjectStore } from "../../storage";
import { assertPixelsWithin, IMAGE_MAX_PIXELS, imageWork } from "../media/image-work";
import { loadSharp } from "../media/load-sharp";
import { sniffImage } from "../media/save-image";

const PHOTO_WIDTH = 1600;
const KEY = /^return-[A-Za-z0-9_-]{16}\.webp$/;

async function encode(input: Buffer): Promise<Buffer> {
  const sharp = await loadSharp();
  await assertPixelsWithin(sharp, input, { unreadable: "returns.photoNotImage", tooLarge: "returns.photoTooLarge" });
  try {
    return await sharp(input, { limitInputPixels: IMAGE_MAX_PIXELS })
      .rotate()
      .resize({ width: PHOTO_WIDTH, withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
  } catch {
    throw new AppError("bad_input", "returns.photoNotImage");
  }
}

/** Checks and stores the photos; answers their keys. Nothing is stored unless every photo is an image. */
export async function storeReturnPhotos(store: ObjectStore, photos: Buffer[]): Promise<string[]> {
  for (const p of photos) {
    if (p.length > RETURN_PHOTO_MAX_BYTES) throw new AppError("too_large", "returns.photoTooLarge");
    if (!sniffImage(p)) throw new AppError("bad_input", "returns.photoNotImage");
  }
  const encoded: Buffer[] = [];
  for (const p of photos) encoded.push(await imageWork.run(() => encode(p)));
  const keys: string[] = [];
  for (const content of encoded) {
    const key = `return-${crypto.randomBytes(12).toString("base64url")}.webp`;
    await store.put(key, content, "image/webp");
    keys.push(key);
  }
  return keys;
}

/** Removes photos of a request that was not saved (a refused request leaves nothing behind). */
export async function dropReturnPhotos(store: ObjectStore, keys: string[]): Promise<void> {
  await Promise.all(keys.filter((k) => KEY.test(k)).map((k) => store.delete(k)));
}

export async function readReturnPhoto(store: ObjectStore, key: string): Promise<Buffer | null> {
  if (!KEY.test(key)) return null;
  return store.get(key);
}
