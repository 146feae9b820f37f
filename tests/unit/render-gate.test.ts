import { describe, expect, it } from "vitest";
import { createRenderGate } from "../../server/http/render-gate";

describe("render gate", () => {
  it("lets `limit` pages in at once and the next in as soon as one leaves, first come first served", async () => {
    const gate = createRenderGate(2);
    const order: string[] = [];
    const page = async (name: string) => {
      await gate.enter();
      order.push(name);
    };
    await Promise.all([page("a"), page("b")]);
    const waiting = [page("c"), page("d")];
    await new Promise((r) => setTimeout(r, 5));
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
});
