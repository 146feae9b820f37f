import { describe, expect, it } from "vitest";
import { readEagerly } from "../../server/http/read-eagerly";

/** A page of `chunks` × 64 KB, produced the way React streams it. */
function page(chunks: number) {
  let produced = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (produced === chunks) return controller.close();
      produced++;
      controller.enqueue(new Uint8Array(64 * 1024).fill(97));
    },
  });
  return { stream, produced: () => produced };
}

describe("reading a rendered page eagerly", () => {
  it("reports the page rendered once React has produced all of it, and hands it over whole", async () => {
    const { stream, produced } = page(160); // 10 MB, far past any stream or socket buffer
    let rendered = 0;
    const whole = await readEagerly(stream, () => rendered++);
    expect(rendered).toBe(1);
    expect(produced()).toBe(160);
    expect(Buffer.isBuffer(whole)).toBe(true);
    expect(whole.length).toBe(160 * 64 * 1024);
  });

  it("hands a one-chunk page over without copying it", async () => {
    const chunk = new TextEncoder().encode("<!doctype html><p>مرحبا</p>");
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(chunk);
        controller.close();
      },
    });
    const whole = await readEagerly(stream, () => {});
    expect(whole.buffer).toBe(chunk.buffer);
    expect(whole.toString()).toBe("<!doctype html><p>مرحبا</p>");
  });

  it("stops reading and reports the slot free when the visitor goes away", async () => {
    let rendered = 0;
    let pulls = 0;
    const stream = new ReadableStream<Uint8Array>({
      async pull(controller) {
        pulls++;
        await new Promise((r) => setTimeout(r, 5));
        controller.enqueue(new Uint8Array(10));
      },
    });
    const gone = new AbortController();
    const reading = readEagerly(stream, () => rendered++, gone.signal);
    await new Promise((r) => setTimeout(r, 20));
    gone.abort();
    await reading;
    const pullsWhenGone = pulls;
    await new Promise((r) => setTimeout(r, 30));
    expect(rendered).toBe(1);
    expect(pulls).toBe(pullsWhenGone);
  });

  it("reports the slot free when the render fails halfway", async () => {
    let rendered = 0;
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new Uint8Array(10));
        controller.error(new Error("render failed"));
      },
    });
    await expect(readEagerly(stream, () => rendered++)).rejects.toThrow("render failed");
    expect(rendered).toBe(1);
  });
});
