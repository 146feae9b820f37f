/**
 * Reads a rendered answer whole, as fast as React produces it, whatever the visitor's pace: the
 * visitor's socket then holds the bytes it has not read yet (one page's HTML), and `rendered` is
 * called as soon as the answer is complete, so a client that never reads cannot hold a render slot.
 *
 * The answer leaves in one piece (decisions 321, 359): a page arrives from entry.server.tsx as one
 * chunk; other answers (resource routes) may come in several and are joined. Handing Fastify a
 * buffer rather than a stream also lets it be compressed in one call off the event loop (decision
 * 371): a stream went through a zlib stream, three to four times the CPU (decision 370).
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
