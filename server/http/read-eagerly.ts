/**
 * Reads a rendered answer whole, as fast as React produces it, whatever the visitor's pace: the
 * visitor's socket then holds the bytes it has not read yet (one page's HTML), and `rendered` is
 * called as soon as the answer is complete, so a client that never reads cannot hold a render slot.
 *
 * The answer leaves in one piece (decisions 321, 359): a page's bytes come beside the Response, not
 * through here (decision 392); what comes here (resource routes such as the sitemap, data answers)
 * may come in several chunks, which are joined. Handing Fastify a buffer rather than a stream also
 * lets it be compressed in one call (decision 371): a stream went through a zlib stream, three to
 * four times the CPU (decision 370).
 */
export async function readEagerly(
  body: ReadableStream<Uint8Array>,
  rendered: () => void,
  visitorGone?: AbortSignal,
): Promise<Buffer> {
  const reader = body.getReader();
  // A visitor who left needs nothing more: cancelling ends the pending read.
  const stop = () => void reader.cancel().catch(() => {});
  visitorGone?.addEventListener("abort", stop, { once: true });
  const chunks: Uint8Array[] = [];
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
    }
  } finally {
    visitorGone?.removeEventListener("abort", stop);
    rendered();
  }
  const first = chunks[0];
  if (chunks.length === 1 && first) return Buffer.from(first.buffer, first.byteOffset, first.byteLength);
  return Buffer.concat(chunks);
}
