import { PassThrough, type Readable } from "node:stream";

/**
 * Reads React's stream as fast as React produces it, whatever the visitor's pace: what the
 * visitor has not read yet waits in memory (one page's HTML), and `rendered` is called as soon as
 * the page is complete. Piping it with backpressure would let a client that never reads hold its
 * render slot for as long as its connection lives.
 */
export function readEagerly(body: ReadableStream<Uint8Array>, rendered: () => void): Readable {
  const out = new PassThrough();
  const reader = body.getReader();
  void (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        if (out.destroyed) return void reader.cancel().catch(() => {});
        out.write(value);
      }
      out.end();
    } catch (err) {
      out.destroy(err as Error);
    } finally {
      rendered();
    }
  })();
  return out;
}
