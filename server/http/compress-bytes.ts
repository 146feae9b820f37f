/**
 * How answers are compressed, in a module of its own because two threads use it: the server's
 * (compression.ts, @fastify/compress's settings in app.ts) and a render thread, which compresses
 * the page it rendered for one visitor before handing it back (decision 407). Nothing here may
 * import Fastify: a render thread loads only what its pages need (decision 406).
 */
import zlib from "node:zlib";

export type Encoding = "br" | "gzip";

/** A page compressed for the one visitor it was rendered for, beside its plain bytes. */
export type CompressedPage = { encoding: Encoding; bytes: Buffer };

/** Answers up to this size (all pages and JSON) are compressed in one call; larger ones stream. */
export const COMPRESS_IN_ONE_CALL_BYTES = 1024 * 1024;
/** Smaller answers are not worth compressing (@fastify/compress's `threshold` too). */
export const COMPRESS_MIN_BYTES = 1024;

/**
 * How hard to compress, by how often the bytes will be sent (decisions 385 and 400). An answer made
 * for one visitor (a signed-in page, a product's JSON, a guest's page on its first ask) is
 * compressed fast: brotli 1 takes under half of brotli 2's time on a page (0.16 against 0.38 ms for
 * a product page) and a third of brotli 4's, for 7–8 % more bytes than brotli 2 (under a kilobyte).
 * Text sent to many (the memoised home data, a listing or a kept page once a second visitor asks
 * for it) is compressed once at brotli 4 and gzip 6, where the bytes saved are sent again and again.
 */
export const FOR_ONE_VISITOR = {
  brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } } satisfies zlib.BrotliOptions,
  gzip: { level: 1 } satisfies zlib.ZlibOptions,
};
export const FOR_MANY_VISITORS = {
  brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } } satisfies zlib.BrotliOptions,
  gzip: { level: zlib.constants.Z_DEFAULT_COMPRESSION } satisfies zlib.ZlibOptions,
};
export type Effort = typeof FOR_ONE_VISITOR;

/** Whether an answer of this many bytes is compressed in one call (not too small, not streamed). */
export const compressedInOneCall = (bytes: number) =>
  bytes >= COMPRESS_MIN_BYTES && bytes <= COMPRESS_IN_ONE_CALL_BYTES;

export function compressBytes(encoding: Encoding, input: Buffer, effort: Effort): Buffer {
  return encoding === "gzip" ? zlib.gzipSync(input, effort.gzip) : zlib.brotliCompressSync(input, effort.brotli);
}
