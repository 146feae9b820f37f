// Types of scripts/bench/compare-builds.mjs for its unit test.
/** Mean server CPU a page of each build and the median of the rounds' after/before ratios. */
export function summarise(before: number[], after: number[]): { before: number; after: number; medianRatio: number };
