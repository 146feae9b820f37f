import { useCallback, useState } from "react";
import { Pause, Play } from "lucide-react";
import { TIMINGS } from "@core/constants";
import type { ActiveHeadline } from "@server/modules/content/content-dto";
import { useRotation } from "~/components/ui/use-rotation";
import { useT } from "~/i18n/react";

/**
 * Rotates every 4 s with a 0.5 s fade, only with two or more headlines; hidden when there are
 * none or they failed to load (null). It is no live region: a screen reader would read every
 * change, every 4 s, on every page. A visible button pauses it, as do hover and focus, and
 * prefers-reduced-motion keeps it still (WCAG 2.2.2).
 */
export function HeadlineBar({ headlines }: { headlines: ActiveHeadline[] | null }) {
  const t = useT();
  const [index, setIndex] = useState(0);
  // The first headline paints without a fade; only a change of headline fades in.
  const [rotated, setRotated] = useState(false);
  const count = headlines?.length ?? 0;
  const advance = useCallback(() => {
    setIndex((i) => (i + 1) % Math.max(count, 1));
    setRotated(true);
  }, [count]);
  const rotation = useRotation(count, TIMINGS.headlineMs, advance);

  if (!headlines || count === 0) return null;
  const h = headlines[index % count];
  return (
    <div
      className="bg-brand-800 text-white"
      role="region"
      aria-label={t("common.headlines")}
      data-testid="headline-bar"
      {...rotation.hoverFocusProps}
    >
      <div className="mx-auto flex max-w-7xl items-center gap-2 px-4">
        <p
          key={h._id}
          className="min-w-0 flex-1 py-2 text-center text-sm"
          style={
            rotated && !rotation.reduced
              ? { animation: `headline-fade ${TIMINGS.headlineFadeMs}ms ease-in` }
              : undefined
          }
        >
          <span className="font-semibold">{h.title}</span>
          {h.promotion ? <span className="ms-2">{h.promotion}</span> : null}
        </p>
        {count > 1 ? (
          <button
            type="button"
            onClick={rotation.toggle}
            className="inline-flex size-7 shrink-0 items-center justify-center rounded-full hover:bg-white/15 focus-visible:outline-2 focus-visible:outline-white"
            aria-label={rotation.playing ? t("common.pauseHeadlines") : t("common.playHeadlines")}
            data-testid="headline-pause"
          >
            {rotation.playing ? <Pause className="size-3.5" aria-hidden /> : <Play className="size-3.5" aria-hidden />}
          </button>
        ) : null}
      </div>
    </div>
  );
}
