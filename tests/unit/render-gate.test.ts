import { describe, expect, it } from "vitest";
import { createRenderGate } from "../../server/http/render-gate";

const tick = (ms = 5) => new Promise((r) => setTimeout(r, ms));

describe("render gate", () => {
  it("lets `limit` pages in at once and the next in as soon as one leaves, first come first served", async () => {
    const gate = createRenderGate({ limit: 2, queue: 10, waitMs: 5000 });
    const order: string[] = [];
    const page = async (name: string) => {
      if (await gate.enter()) order.push(name);
    };
    await Promise.all([page("a"), page("b")]);
    const waiting = [page("c"), page("d")];
    await tick();
    expect(order).toEqual(["a", "b"]);
    expect(gate.load).toEqual({ active: 2, waiting: 2 });
    gate.leave();
    await waiting[0];
    expect(order).toEqual(["a", "b", "c"]);
    expect(gate.load).toEqual({ active: 2, waiting: 1 });
    gate.leave();
    gate.leave();
    await waiting[1];
    expect(order).toEqual(["a", "b", "c", "d"]);
    expect(gate.load).toEqual({ active: 1, waiting: 0 });
    gate.leave();
    expect(gate.load).toEqual({ active: 0, waiting: 0 });
  });

  it("refuses a page at once when the waiting queue is full", async () => {
    const gate = createRenderGate({ limit: 1, queue: 2, waitMs: 5000 });
    expect(await gate.enter()).toBe(true);
    const queued = [gate.enter(), gate.enter()];
    expect(await gate.enter()).toBe(false);
    expect(gate.load).toEqual({ active: 1, waiting: 2 });
    gate.leave();
    gate.leave();
    expect(await Promise.all(queued)).toEqual([true, true]);
  });

  it("refuses a page that waited longer than the wait limit, and forgets it", async () => {
    const gate = createRenderGate({ limit: 1, queue: 10, waitMs: 30 });
    expect(await gate.enter()).toBe(true);
    const started = Date.now();
    expect(await gate.enter()).toBe(false);
    expect(Date.now() - started).toBeGreaterThanOrEqual(25);
    expect(gate.load).toEqual({ active: 1, waiting: 0 });
    gate.leave();
    expect(gate.load).toEqual({ active: 0, waiting: 0 });
    expect(await gate.enter()).toBe(true);
  });

  it("never lets more than `limit` in under a burst of a hundred", async () => {
    const gate = createRenderGate({ limit: 8, queue: 64, waitMs: 1000 });
    let inside = 0;
    let most = 0;
    const results = await Promise.all(
      Array.from({ length: 100 }, async () => {
        if (!(await gate.enter())) return "refused";
        inside++;
        most = Math.max(most, inside);
        await tick(2);
        inside--;
        gate.leave();
        return "rendered";
      }),
    );
    expect(most).toBe(8);
    expect(results.filter((r) => r === "refused")).toHaveLength(100 - 8 - 64);
    expect(gate.load).toEqual({ active: 0, waiting: 0 });
  });
});
