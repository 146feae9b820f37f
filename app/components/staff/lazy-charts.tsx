/**
 * The back-office charts, loaded when a dashboard first draws one (charts.tsx says why). Until the
 * module is there the chart's box is held empty at its size, so nothing moves when it arrives; the
 * server waits for it on the first dashboard it renders (render-page.server.tsx), so the page's HTML
 * is the same as before.
 */
import { type ComponentProps, lazy, Suspense } from "react";

const load = () => import("./charts");
const TimeSeries = lazy(() => load().then((m) => ({ default: m.TimeSeriesChart })));
const RankBars = lazy(() => load().then((m) => ({ default: m.RankBarChart })));
const Share = lazy(() => load().then((m) => ({ default: m.ShareChart })));

/** The charts' own box (charts.tsx: `h-64 w-full`), empty while the module loads. */
const ChartBox = () => <div className="h-64 w-full" />;

export function TimeSeriesChart(props: ComponentProps<typeof TimeSeries>) {
  return (
    <Suspense fallback={<ChartBox />}>
      <TimeSeries {...props} />
    </Suspense>
  );
}

export function RankBarChart(props: ComponentProps<typeof RankBars>) {
  return (
    <Suspense fallback={<ChartBox />}>
      <RankBars {...props} />
    </Suspense>
  );
}

export function ShareChart(props: ComponentProps<typeof Share>) {
  return (
    <Suspense fallback={<ChartBox />}>
      <Share {...props} />
    </Suspense>
  );
}
