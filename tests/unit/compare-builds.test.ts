import { describe, expect, it } from "vitest";
import { summarise } from "../../scripts/bench/compare-builds.mjs";

describe("comparing two builds' CPU a page (scripts/bench/compare-builds.mjs)", () => {
  it("gives each side's mean and the median of the rounds' ratios, which one slow round does not move", () => {
    // Round 3 ran while the machine was busy: both sides slower, their ratio as in the others.
    const summary = summarise([4, 4, 8, 4, 4], [3.6, 3.6, 7.2, 3.8, 3.4]);
    expect(summary.before).toBeCloseTo(4.8);
    expect(summary.after).toBeCloseTo(4.32);
    expect(summary.medianRatio).toBeCloseTo(0.9);
  });
});
