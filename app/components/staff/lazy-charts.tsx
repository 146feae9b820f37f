/**
 * The back-office charts (charts.tsx says why they are loaded on demand), drawn in the browser only.
 * The server writes each chart's box at its size, a placeholder, so nothing moves when the chart arrives:
 * recharts' ResponsiveContainer draws nothing on the server anyway (it has no width to measure).
 * The box is not a Suspense boundary: a boundary the server rendered waits, dehydrated, for its
 * module, and any update reaching it before the module arrived made React drop it and log error
 * #421 (tests/e2e/back-office.e2e.ts holds the module back to show it).
 */
import { type ComponentType, useSyncExternalStore } from "react";
import type * as Charts from "./charts";

let charts: typeof Charts | null = null;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

/** Loads the module once; a failed download (a new deploy, the network) leaves the boxes empty and
 * lets the next chart to mount (another visit of a dashboard) try again. */
function loadCharts() {
  if (loading) return;
  loading = import("./charts").then(
    (module) => {
      charts = module;
      for (const heard of listeners) heard();
    },
    (error: unknown) => {
      loading = null;
      console.warn("The charts' code did not load", error);
    },
  );
}

/** Each chart hears when the module is there; the first to mount starts loading it. */
function subscribe(listener: () => void) {
  listeners.add(listener);
  loadCharts();
  return () => {
    listeners.delete(listener);
  };
}

/** On the server, and while the page hydrates, no chart: the empty box the server wrote. */
const loadedCharts = () => charts;
const noCharts = () => null;

/** One chart of charts.tsx in its box: empty until the module is there. */
function chartInBox<P extends object>(pick: (module: typeof Charts) => ComponentType<P>): ComponentType<P> {
  // biome-ignore lint/correctness/noComponentHookFactories: called once per chart at module level, never while rendering; the component it returns is stable.
  return function ChartInBox(props: P) {
    const module = useSyncExternalStore(subscribe, loadedCharts, noCharts);
    const Chart = module ? pick(module) : null;
    // Until the chart is there its box shows a quiet placeholder (screen readers have the card's
    // table of the same numbers, chart-card.tsx, so the placeholder is hidden from them).
    return Chart ? (
      <div className="h-64 w-full" dir="ltr" data-testid="chart-box">
        <Chart {...props} />
      </div>
    ) : (
      <div
        className="h-64 w-full rounded-xl bg-surface-2 motion-safe:animate-pulse"
        dir="ltr"
        aria-hidden
        data-testid="chart-box"
      />
    );
  };
}

export const TimeSeriesChart = chartInBox((module) => module.TimeSeriesChart);
export const RankBarChart = chartInBox((module) => module.RankBarChart);
export const ShareChart = chartInBox((module) => module.ShareChart);
