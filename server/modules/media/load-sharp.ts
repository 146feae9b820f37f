import type sharpModule from "sharp";

let loading: Promise<typeof sharpModule> | undefined;

/**
 * sharp, loaded on first use. libvips and its threads cost the server some 28 MB of memory from
 * the moment it is loaded, and most processes never re-encode an image (uploads are rare, and the
 * demo pictures are drawn once). The cache is kept small for the same reason.
 */
export function loadSharp(): Promise<typeof sharpModule> {
  loading ??= import("sharp").then(({ default: sharp }) => {
    sharp.cache({ memory: 16, files: 0, items: 20 });
    // One libvips thread per picture: uploads are queued one at a time (image-work.ts), and the
    // shop's requests keep the other core.
    sharp.concurrency(1);
    return sharp;
  });
  return loading;
}
