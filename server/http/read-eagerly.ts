import { PassThrough, type Readable } from "node:stream";

/**
 * Reads React's stream as fast as React produces it, whatever the visitor's pace: what the
 * visitor has not read yet waits in memory (one page's HTML), and `rendered` is called as soon as
 * the page is complete. Piping it with backpressure would let a client that never reads hold its
 * render slot for as long as its connection lives.
 *
 * The page leaves in one piece once complete (decision 321): each chunk passed on went through
 * compression and a socket write of its own. A page now arrives as one chunk (entry.server.tsx
 * renders it whole, decision 359); other responses (resource routes) may still come in several.
 */
export function readEagerly(body: ReadableStream<Uint8Array>, rendered: () => void): Readable {
  const out = new PassThrough();
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  void (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        if (out.destroyed) return void reader.cancel().catch(() => {});
        chunks.push(value);
      }
      out.end(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks));
    } catch (err) {
      out.destroy(err as Error);
    } finally {
      rendered();
    }
  })();
  return out;
}
