import type { ImgHTMLAttributes } from "react";
import { highFetchPriorityWhen } from "~/lib/html-attributes";
import { imageSources } from "./image-sources";

export interface ProductImageProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, "src" | "srcSet" | "loading"> {
  url: string;
  alt: string;
  /** Intrinsic size, so the browser reserves the space before the image arrives (CLS 0). */
  width: number;
  height: number;
  sizes?: string;
  /** Above the fold: load at once; with `priority` also ask for it first (the LCP image). */
  eager?: boolean;
  priority?: boolean;
}

/** An image with `srcset` where the upload has width variants; lazy unless told otherwise. */
export function ProductImage({ url, alt, width, height, sizes, eager, priority, ...rest }: ProductImageProps) {
  const { src, srcSet } = imageSources(url);
  return (
    <img
      src={src}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      alt={alt}
      width={width}
      height={height}
      loading={eager || priority ? "eager" : "lazy"}
      decoding={priority ? "sync" : "async"}
      {...highFetchPriorityWhen(Boolean(priority))}
      {...rest}
    />
  );
}

/** A transparent pixel: what a hover-only picture shows, and fetches, where nothing can hover. */
const BLANK = "data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7";

/**
 * A picture shown only under a hovering pointer (a card's second picture). Tailwind's `hover:`
 * applies only under `(hover: hover)`, so a phone never shows it; the same query on `<source>`
 * keeps the phone from fetching it, half of a grid's pictures (decision 369).
 */
export function HoverImage({
  url,
  alt,
  width,
  height,
  sizes,
  className,
}: Pick<ProductImageProps, "url" | "alt" | "width" | "height" | "sizes" | "className">) {
  const { src, srcSet } = imageSources(url);
  return (
    <picture>
      <source media="(hover: hover)" srcSet={srcSet ?? src} sizes={srcSet ? sizes : undefined} />
      <img src={BLANK} alt={alt} width={width} height={height} loading="lazy" decoding="async" className={className} />
    </picture>
  );
}
