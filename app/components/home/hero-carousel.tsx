import { ChevronLeft, ChevronRight, Pause, Play } from "lucide-react";
import { lazy, Suspense, useCallback, useEffect, useState } from "react";
import { Link } from "react-router";
import { TIMINGS } from "@core/constants";
import { ProductImage } from "~/components/catalog/product-image";
import { useRotation } from "~/components/ui/use-rotation";
import { useDir, useT } from "~/i18n/react";
import type { Reply } from "~/lib/api-client";
import { inertWhen } from "~/lib/html-attributes";
import type { EmblaApi } from "./hero-embla";

// Embla's code is fetched when the carousel starts it, after the first idle moment (docs/decisions/350).
const HeroEmbla = lazy(() => import("./hero-embla"));

/** A hero slide: a banner of the home data's `promos`, as the contract sends it. */
export type HeroSlide = Reply<"GET /promos-featuredproducts">["promos"][number];

/** True once the browser has had an idle moment after the first render (a short timer where there is no requestIdleCallback). */
function useIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (typeof window.requestIdleCallback === "function") {
      const id = window.requestIdleCallback(() => setIdle(true), { timeout: 1000 });
      return () => window.cancelIdleCallback(id);
    }
    const id = setTimeout(() => setIdle(true), 200);
    return () => clearTimeout(id);
  }, []);
  return idle;
}

/** A slide picture's box, the picture's and the one holding its place alike. */
const slideBox = "aspect-[4/3] w-full sm:aspect-[5/2]";

/**
 * The promo carousel (SPEC §2 Home): advances every 4 s and loops; it stops while hovered or
 * focused, with its pause button, and for prefers-reduced-motion (WCAG 2.2.2).
 * The first image is the page's largest paint, so it loads eagerly and first.
 */
export function HeroCarousel({ slides }: { slides: HeroSlide[] }) {
  const t = useT();
  const dir = useDir();
  const [viewport, setViewport] = useState<HTMLDivElement | null>(null);
  const [embla, setEmbla] = useState<EmblaApi>();
  const idle = useIdle();
  const [selected, setSelected] = useState(0);

  useEffect(() => {
    if (!embla) return;
    const onSelect = () => setSelected(embla.selectedScrollSnap());
    embla.on("select", onSelect);
    return () => {
      embla.off("select", onSelect);
    };
  }, [embla]);

  const next = useCallback(() => embla?.scrollNext(), [embla]);
  const rotation = useRotation(embla ? slides.length : 0, TIMINGS.carouselMs, next);

  const go = useCallback((i: number) => embla?.scrollTo(i), [embla]);

  if (!slides.length) return null;
  return (
    <section
      aria-roledescription={t("catalog.carousel")}
      aria-label={t("catalog.promotions")}
      className="relative overflow-hidden rounded-2xl bg-surface-2"
      {...rotation.hoverFocusProps}
      data-testid="hero"
      data-paused={!rotation.running}
    >
      {/* Embla starts after the first idle moment: it measures the page as it starts, work that would
          otherwise lengthen the page's hydration on a phone, and its code loads then. The first
          slide shows until then. */}
      {idle && viewport ? (
        <Suspense fallback={null}>
          <HeroEmbla viewport={viewport} direction={dir} onApi={setEmbla} />
        </Suspense>
      ) : null}
      <div ref={setViewport} className="overflow-hidden">
        <div className="flex">
          {slides.map((s, i) => (
            <div
              key={s._id}
              className="relative min-w-0 shrink-0 grow-0 basis-full"
              role="group"
              aria-roledescription={t("catalog.slide")}
              aria-label={t("catalog.slideOf", { n: i + 1, total: slides.length })}
              aria-hidden={i !== selected}
              {...inertWhen(i !== selected)}
              data-testid="hero-slide"
            >
              {/* The other slides' pictures wait until the carousel can show them (after the first
                  idle moment): fetched with the page, they shared a slow link with the first one,
                  the page's largest paint, and with the first row's cards. */}
              {i === 0 || idle ? (
                <ProductImage
                  url={s.image}
                  alt=""
                  width={1600}
                  height={640}
                  sizes="100vw"
                  priority={i === 0}
                  className={`${slideBox} object-cover`}
                />
              ) : (
                <div className={`${slideBox} bg-surface-2`} data-testid="hero-slide-pending" />
              )}
              <div className="absolute inset-0 flex flex-col items-start justify-end gap-3 bg-gradient-to-t from-black/70 via-black/25 to-transparent p-6 pb-14 text-white md:p-12 md:pb-14">
                <h2 className="max-w-xl text-2xl font-bold md:text-4xl">
                  <bdi>{s.title}</bdi>
                </h2>
                {s.description ? (
                  <p className="line-clamp-2 max-w-xl text-sm md:text-base">
                    <bdi>{s.description}</bdi>
                  </p>
                ) : null}
                <Link
                  to={s.link || "/shop"}
                  className="rounded-full bg-white px-6 py-3 text-sm font-semibold text-brand-800 hover:bg-brand-50"
                  data-testid="hero-button"
                >
                  {s.buttonText?.trim() || t("catalog.shopNow")}
                </Link>
              </div>
            </div>
          ))}
        </div>
      </div>
      {slides.length > 1 ? (
        <>
          <button
            type="button"
            onClick={() => embla?.scrollPrev()}
            className="absolute start-3 top-1/2 hidden size-10 -translate-y-1/2 items-center justify-center rounded-full bg-white/85 text-ink shadow hover:bg-white md:inline-flex"
            aria-label={t("catalog.previousSlide")}
          >
            <ChevronLeft className="size-5 rtl:rotate-180" aria-hidden />
          </button>
          <button
            type="button"
            onClick={() => embla?.scrollNext()}
            className="absolute end-3 top-1/2 hidden size-10 -translate-y-1/2 items-center justify-center rounded-full bg-white/85 text-ink shadow hover:bg-white md:inline-flex"
            aria-label={t("catalog.nextSlide")}
          >
            <ChevronRight className="size-5 rtl:rotate-180" aria-hidden />
          </button>
          <button
            type="button"
            onClick={rotation.toggle}
            className="absolute bottom-2 end-3 inline-flex size-8 items-center justify-center rounded-full bg-white/90 text-ink shadow hover:bg-white"
            aria-label={rotation.playing ? t("catalog.pauseSlides") : t("catalog.playSlides")}
            data-testid="hero-pause"
          >
            {rotation.playing ? <Pause className="size-4" aria-hidden /> : <Play className="size-4" aria-hidden />}
          </button>
          <div className="absolute inset-x-14 bottom-3 flex justify-center gap-1" data-testid="hero-dots">
            {slides.map((s, i) => (
              <button
                key={s._id}
                type="button"
                onClick={() => go(i)}
                className="inline-flex size-6 items-center justify-center"
                aria-label={t("catalog.goToSlide", { n: i + 1 })}
                aria-current={i === selected ? "true" : undefined}
              >
                <span
                  className={`block h-2 rounded-full bg-white transition-all ${i === selected ? "w-6" : "w-2 opacity-60"}`}
                />
              </button>
            ))}
          </div>
        </>
      ) : null}
    </section>
  );
}
