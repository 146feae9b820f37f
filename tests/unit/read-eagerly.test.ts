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
  it("reports the page rendered once React has produced all of it, though nobody reads it", async () => {
    const { stream, produced } = page(160); // 10 MB, far past any stream or socket buffer
    let rendered = false;
    const out = readEagerly(stream, () => (rendered = true));
    for (let i = 0; i < 100 && !rendered; i++) await new Promise((r) => setTimeout(r, 5));
    expect(rendered).toBe(true);
    expect(produced()).toBe(160);
    let bytes = 0;
    for await (const chunk of out) bytes += (chunk as Buffer).length;
    expect(bytes).toBe(160 * 64 * 1024);
  });

  it("stops reading and reports the slot free when the visitor goes away", async () => {
    let rendered = 0;
    const stream = new ReadableStream<Uint8Array>({
      async pull(controller) {
        await new Promise((r) => setTimeout(r, 5));
        controller.enqueue(new Uint8Array(10));
      },
    });
    const out = readEagerly(stream, () => rendered++);
    await new Promise((r) => setTimeout(r, 20));
    out.destroy();
    await new Promise((r) => setTimeout(r, 30));
    expect(rendered).toBe(1);
  });
});
