import { ChevronLeft, ChevronRight } from "lucide-react";
import { useRef, useState } from "react";
import { useT } from "~/i18n/react";
import { ProductImage } from "./product-image";

/**
 * Product images: a swipeable strip (CSS scroll snap, no library, so the product page stays
 * light), previous and next buttons, and thumbnails. Works the same in both reading directions.
 */
export function Gallery({
  images,
  name,
  priority = false,
  compact = false,
}: {
  images: string[];
  name: string;
  priority?: boolean;
  compact?: boolean;
}) {
  const t = useT();
  const strip = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(0);
  const count = images.length;

  const show = (i: number) => {
    const next = (i + count) % count;
    const el = strip.current?.children[next] as HTMLElement | undefined;
    el?.scrollIntoView({ behavior: "smooth", block: "nearest", inline: "start" });
    setIndex(next);
  };

  const onScroll = () => {
    const el = strip.current;
    if (!el?.clientWidth) return;
    // scrollLeft is negative in right-to-left layouts; the magnitude is what counts.
    setIndex(Math.min(count - 1, Math.round(Math.abs(el.scrollLeft) / el.clientWidth)));
  };

  if (!count) {
    return (
      <div className="flex aspect-[3/4] items-center justify-center rounded-2xl bg-surface-2 text-muted">
        {t("catalog.noImage")}
      </div>
    );
  }

  const sizes = compact ? "(max-width: 767px) 90vw, 400px" : "(max-width: 767px) 100vw, 50vw";
  return (
    <section
      aria-roledescription="carousel"
      aria-label={t("catalog.images")}
      className={`flex flex-col gap-3 ${compact ? "" : "md:flex-row-reverse md:items-start"}`}
    >
      <div className="relative flex-1">
        <div
          ref={strip}
          onScroll={onScroll}
          // Focusable, so keyboard users can scroll the strip with the arrow keys too.
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable (axe scrollable-region-focusable).
          tabIndex={0}
          role="group"
          aria-label={t("catalog.images")}
          className="flex snap-x snap-mandatory overflow-x-auto rounded-2xl bg-surface-2 [scrollbar-width:none]"
          data-testid="gallery-strip"
        >
          {images.map((url, i) => (
            <div
              key={url + i}
              className="aspect-[3/4] w-full shrink-0 snap-start"
              role="group"
              aria-roledescription="slide"
              aria-label={t("catalog.imageOf", { n: i + 1, total: count })}
            >
              <ProductImage
                url={url}
                alt={i === 0 ? name : `${name} (${i + 1})`}
                width={900}
                height={1200}
                sizes={sizes}
                priority={priority && i === 0}
                eager={i === 0}
                className="size-full object-cover"
              />
            </div>
          ))}
        </div>
        {count > 1 ? (
          <>
            <button
              type="button"
              onClick={() => show(index - 1)}
              className="absolute start-2 top-1/2 inline-flex size-10 -translate-y-1/2 items-center justify-center rounded-full bg-surface/90 shadow hover:bg-surface"
              aria-label={t("catalog.previousImage")}
            >
              <ChevronLeft className="size-5 rtl:rotate-180" aria-hidden />
            </button>
            <button
              type="button"
              onClick={() => show(index + 1)}
              className="absolute end-2 top-1/2 inline-flex size-10 -translate-y-1/2 items-center justify-center rounded-full bg-surface/90 shadow hover:bg-surface"
              aria-label={t("catalog.nextImage")}
            >
              <ChevronRight className="size-5 rtl:rotate-180" aria-hidden />
            </button>
          </>
        ) : null}
      </div>
      {count > 1 ? (
        <ul className={`flex gap-2 overflow-x-auto ${compact ? "" : "md:w-20 md:flex-col"}`}>
          {images.map((url, i) => (
            <li key={url + i} className="shrink-0">
              <button
                type="button"
                onClick={() => show(i)}
                aria-label={t("catalog.showImage", { n: i + 1 })}
                aria-current={i === index ? "true" : undefined}
                className={`block overflow-hidden rounded-lg border-2 ${i === index ? "border-brand-600" : "border-transparent opacity-80 hover:opacity-100"}`}
                data-testid="gallery-thumb"
              >
                <ProductImage
                  url={url}
                  alt=""
                  width={64}
                  height={85}
                  sizes="64px"
                  className="h-[85px] w-16 object-cover"
                />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
