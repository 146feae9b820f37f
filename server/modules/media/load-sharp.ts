import type sharpModule from "sharp";

let loading: Promise<typeof sharpModule> | undefined;

/**
 * sharp, loaded on first use. libvips and its threads cost the server some 28 MB of memory from
 * the moment it is loaded, and most processes never re-encode an image (uploads are rare, and the
 * demo pictures are drawn once). Its operation cache is off: every upload is a different picture,
 * so cached operations are never reused and only hold memory. Seeding turns a small cache on while
 * it draws the demo pictures (withSharpCacheWhile) and off again after.
 */
export function loadSharp(): Promise<typeof sharpModule> {
  loading ??= import("sharp").then(({ default: sharp }) => {
    sharp.cache(false);
    // One libvips thread per picture: uploads are queued one at a time (image-work.ts), and the
    // shop's requests keep the other core.
    sharp.concurrency(1);
    return sharp;
  });
  return loading;
}

/**
 * Runs `work` with a small libvips operation cache, then turns the cache off (releasing what it
 * held) whether the work succeeded or not. For the seeding, which scales each drawing several times.
 */
export async function withSharpCacheWhile<T>(work: () => Promise<T>): Promise<T> {
  const sharp = await loadSharp();
  sharp.cache({ memory: 16, files: 0, items: 20 });
  try {
    return await work();
  } finally {
    sharp.cache(false);
  }
}
