// Types of scripts/bench/compare-builds.mjs for its unit test.
import type { LineMakers } from "./random-traffic.mjs";
/** Mean server CPU a page of each build and the median of the rounds' after/before ratios. */
export function summarise(before: number[], after: number[]): { before: number; after: number; medianRatio: number };
/** The line maker COMPARE_TRAFFIC names among `makers` ("mix" is `mixed`); throws on a name it does not know. */
export function trafficMaker(makers: { [name: string]: () => string } | LineMakers, traffic: string): () => string;
