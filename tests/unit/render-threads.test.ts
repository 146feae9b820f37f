/**
 * Decision 405: the pool of render threads. A stand-in thread (tests/support/render-thread-stand-in.mjs)
 * answers as the bundle's would; what is tested here is the pool: answers, a thread's error, data
 * that does not clone, a thread that hangs or dies (each fails over and the thread starts again),
 * the spread over several threads, and closing.
 */
import { afterEach, describe, expect, it } from "vitest";
import { startRenderThreads, type RenderThreads } from "../../server/http/render-threads";

const STAND_IN = new URL("../support/render-thread-stand-in.mjs", import.meta.url).href;
const logged: string[] = [];
let pool: RenderThreads | undefined;

function start(count = 1, timeoutMs = 5_000) {
  pool = startRenderThreads({ bundleUrl: STAND_IN, count, timeoutMs, log: (message) => logged.push(message) });
  return pool;
}

/** Retries `fn` until it resolves (a thread that was restarted takes a moment to come back). */
async function eventually<T>(fn: () => Promise<T>, ms = 10_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    try {
      return await fn();
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

const page = (text: string) => ({ kind: "page", text });

afterEach(async () => {
  await pool?.close();
  pool = undefined;
  logged.length = 0;
});

describe("render threads (decision 405)", () => {
  it("sends a payload to a thread and hands back its page's bytes and failed flag", async () => {
    const threads = start();
    const first = await threads.render(page("<p>Hello</p>"));
    expect(first.page.toString()).toMatch(/^<p>Hello<\/p> \(thread \d+\)$/);
    expect(first.failed).toBe(false);
    const second = await threads.render({ kind: "page", text: "part failed", failed: true });
    expect(second.failed).toBe(true);
    expect(threads.counts()).toEqual({ rendered: 2, compressed: 0, fellBack: 0 });
  });

  it("starts its threads with a small heap: 96 MB old, 8 MB young (decisions 405, 406)", async () => {
    const { page } = await start().render({ kind: "limits" });
    const limits = JSON.parse(page.toString()) as Record<string, number>;
    expect(limits.maxOldGenerationSizeMb).toBe(96);
    expect(limits.maxYoungGenerationSizeMb).toBe(8);
  });

  it("rejects with the thread's error, and the thread serves the next page", async () => {
    const threads = start();
    await expect(threads.render({ kind: "fail", message: "render broke" })).rejects.toThrow("render broke");
    expect((await threads.render(page("next"))).page.toString()).toMatch(/^next/);
  });

  it("rejects data that does not clone at once, without losing the thread", async () => {
    const threads = start();
    await expect(threads.render({ kind: "page", text: "x", loader: () => 1 })).rejects.toThrow(/could not be cloned/);
    expect((await threads.render(page("after"))).page.toString()).toMatch(/^after/);
    expect(threads.pending()).toBe(0);
  });

  it("fails a render its thread does not answer in time, and starts the thread again", async () => {
    const threads = start(1, 300);
    const hung = threads.render({ kind: "hang" });
    await expect(hung).rejects.toThrow("answered too late");
    expect(logged.join("\n")).toMatch(/took over 300 ms/);
    await expect(threads.render(page("meanwhile"))).rejects.toThrow(/not running|no render thread/);
    expect((await eventually(() => threads.render(page("back")))).page.toString()).toMatch(/^back/);
  });

  it("fails what a thread that died was rendering, and starts another", async () => {
    const threads = start();
    const waiting = threads.render(page("queued behind the exit"));
    await expect(threads.render({ kind: "exit" })).rejects.toThrow(/exited \(code 3\)/);
    // The page sent before the exit was answered first (one message at a time, in order).
    expect((await waiting).page.toString()).toMatch(/^queued/);
    expect((await eventually(() => threads.render(page("again")))).page.toString()).toMatch(/^again/);
    expect(logged.join("\n")).toMatch(/exited with code 3; starting another/);
  });

  it("spreads pages over its threads by the renders waiting on each", async () => {
    const threads = start(2);
    const pages = await Promise.all(Array.from({ length: 8 }, (_, i) => threads.render(page(`p${i}`))));
    const ids = new Set(pages.map((p) => /thread (\d+)/.exec(p.page.toString())![1]));
    expect(ids.size).toBe(2);
  });

  it("rejects what is still waiting when it closes", async () => {
    const threads = start();
    const hung = expect(threads.render({ kind: "hang" })).rejects.toThrow("closing");
    await threads.close();
    await hung;
    await expect(threads.render(page("late"))).rejects.toThrow();
  });
});
