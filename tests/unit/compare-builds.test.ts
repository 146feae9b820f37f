import { describe, expect, it } from "vitest";
import { summarise, trafficMaker } from "../../scripts/bench/compare-builds.mjs";
import { lineMakers } from "../../scripts/bench/random-traffic.mjs";

describe("comparing two builds' CPU a page (scripts/bench/compare-builds.mjs)", () => {
  it("gives each side's mean and the median of the rounds' ratios, which one slow round does not move", () => {
    // Round 3 ran while the machine was busy: both sides slower, their ratio as in the others.
    const summary = summarise([4, 4, 8, 4, 4], [3.6, 3.6, 7.2, 3.8, 3.4]);
    expect(summary.before).toBeCloseTo(4.8);
    expect(summary.after).toBeCloseTo(4.32);
    expect(summary.medianRatio).toBeCloseTo(0.9);
  });

  it("sends the random target COMPARE_TRAFFIC names: the mix, or one of the bench's targets, and refuses any other", () => {
    const makers = lineMakers(["p1", "p2"], "access_token=t");
    expect(trafficMaker(makers, "mix")).toBe(makers.mixed);
    const listing = trafficMaker(makers, "listing")();
    expect(listing).toMatch(/^\/api\/products\?.*page=\d+$/);
    expect(trafficMaker(makers, "signedInPage")()).toMatch(/\taccess_token=t; lang=(ar|en)$/);
    expect(() => trafficMaker(makers, "listings")).toThrow(/not a random target; one of mix, .*listing/);
    expect(() => trafficMaker(makers, "toString")).toThrow(/not a random target/);
  });
});
