import { useEffect, useState } from "react";
import { TIMINGS } from "@core/constants";
import type { ActiveHeadline } from "@server/modules/content/headlines-active";

/**
 * Rotates every 4 s with a 0.5 s fade, only with two or more headlines; hidden when there are
 * none or they failed to load (null).
 */
export function HeadlineBar({ headlines }: { headlines: ActiveHeadline[] | null }) {
  const [index, setIndex] = useState(0);
  // The first headline paints without a fade; only a change of headline fades in.
  const [rotated, setRotated] = useState(false);
  const count = headlines?.length ?? 0;

  useEffect(() => {
    if (count < 2) return;
    const id = setInterval(() => {
      setIndex((i) => (i + 1) % count);
      setRotated(true);
    }, TIMINGS.headlineMs);
    return () => clearInterval(id);
  }, [count]);

  if (!headlines || count === 0) return null;
  const h = headlines[index % count];
  return (
    <div className="bg-brand-800 text-white" role="region" aria-label="headlines" aria-live="polite" data-testid="headline-bar">
      <p
        key={h._id}
        className="mx-auto max-w-7xl px-4 py-2 text-center text-sm"
        style={rotated ? { animation: `headline-fade ${TIMINGS.headlineFadeMs}ms ease-in` } : undefined}
      >
        <span className="font-semibold">{h.title}</span>
        {h.promotion ? <span className="ms-2">{h.promotion}</span> : null}
      </p>
    </div>
  );
}
