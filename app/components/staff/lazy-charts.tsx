/**
 * The back-office charts, loaded when a dashboard first draws one (charts.tsx says why). Until the
 * module is there the chart's box is held empty at its size, so nothing moves when it arrives; the
 * server waits for it on the first dashboard it renders (render-page.server.tsx), so the page's HTML
 * is the same as before.
 */
import { type ComponentType, lazy, Suspense } from "react";
import type * as Charts from "./charts";

const load = () => import("./charts");

/** One chart of charts.tsx, drawn inside its own empty box until the module has loaded. */
function lazyChart<P extends object>(pick: (module: typeof Charts) => ComponentType<P>): ComponentType<P> {
  // React 18's types give a lazy component props that may carry a ref, which a generic P cannot be
  // shown to match (lazy-modal.tsx says the same); what it renders is the picked chart, whose props are P.
  const Chart = lazy(() => load().then((module) => ({ default: pick(module) }))) as unknown as ComponentType<P>;
  // biome-ignore lint/correctness/noComponentHookFactories: called once per chart at module level, never while rendering; the component it returns is stable.
  return function LazyChart(props: P) {
    return (
      <Suspense fallback={<div className="h-64 w-full" />}>
        <Chart {...props} />
      </Suspense>
    );
  };
}

export const TimeSeriesChart = lazyChart((module) => module.TimeSeriesChart);
export const RankBarChart = lazyChart((module) => module.RankBarChart);
export const ShareChart = lazyChart((module) => module.ShareChart);
