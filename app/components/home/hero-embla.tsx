import useEmblaCarousel, { type UseEmblaCarouselType } from "embla-carousel-react";
import { useEffect } from "react";

export type EmblaApi = NonNullable<UseEmblaCarouselType[1]>;

/**
 * Embla on the hero carousel's viewport, in a chunk of its own (docs/decisions/350): the carousel
 * starts Embla only after the page's first idle moment, so its code (7 kB gzipped) is fetched then
 * instead of before the page answers. Renders nothing; hands the carousel's API up, and takes it
 * back when it unmounts.
 */
export default function HeroEmbla({
  viewport,
  direction,
  onApi,
}: {
  viewport: HTMLElement;
  direction: "ltr" | "rtl";
  onApi: (api: EmblaApi | undefined) => void;
}) {
  const [setViewport, api] = useEmblaCarousel({ loop: true, direction });
  useEffect(() => setViewport(viewport), [setViewport, viewport]);
  useEffect(() => {
    onApi(api);
    return () => onApi(undefined);
  }, [api, onApi]);
  return null;
}
