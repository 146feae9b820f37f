/**
 * Per-page head tags (SPEC issue 3 item 5): title and description, a self-referencing canonical,
 * hreflang alternates for English and Arabic, Open Graph and, for products, JSON-LD. The language
 * is a cookie; `?lang=en|ar` overrides it (server/http/access.ts), so each language has its own URL.
 */
import type { MetaDescriptor } from "react-router";
import type { Lang } from "@core/constants";

/** Parameters that never change what a page shows to a crawler. */
const NOISE_PARAMS = ["notice", "view"];

export interface PageSeo {
  /** The site's origin (PUBLIC_URL, else the request's), from the page loader. */
  origin: string;
  pathname: string;
  search: string;
  lang: Lang;
  title: string;
  description: string;
  image?: string | null;
  type?: "website" | "product";
  noindex?: boolean;
  jsonLd?: Record<string, unknown>;
}

export function absoluteUrl(origin: string, path: string): string {
  return new URL(path, origin.endsWith("/") ? origin : `${origin}/`).toString();
}

function urlWith(origin: string, pathname: string, search: string, lang: Lang | null): string {
  const params = new URLSearchParams(search);
  for (const p of NOISE_PARAMS) params.delete(p);
  params.delete("lang");
  if (lang) params.set("lang", lang);
  const qs = params.toString();
  return absoluteUrl(origin, pathname + (qs ? `?${qs}` : ""));
}

export function seoMeta(page: PageSeo): MetaDescriptor[] {
  const { origin, pathname, search, lang } = page;
  const explicitLang = new URLSearchParams(search).get("lang");
  const self = urlWith(origin, pathname, search, explicitLang === "en" || explicitLang === "ar" ? explicitLang : null);
  const tags: MetaDescriptor[] = [
    { title: page.title },
    { name: "description", content: page.description },
    { tagName: "link", rel: "canonical", href: self },
    { tagName: "link", rel: "alternate", hrefLang: "en", href: urlWith(origin, pathname, search, "en") },
    { tagName: "link", rel: "alternate", hrefLang: "ar", href: urlWith(origin, pathname, search, "ar") },
    { tagName: "link", rel: "alternate", hrefLang: "x-default", href: urlWith(origin, pathname, search, null) },
    { property: "og:site_name", content: "Azya" },
    { property: "og:title", content: page.title },
    { property: "og:description", content: page.description },
    { property: "og:type", content: page.type ?? "website" },
    { property: "og:url", content: self },
    { property: "og:locale", content: lang === "ar" ? "ar_EG" : "en_EG" },
    { property: "og:locale:alternate", content: lang === "ar" ? "en_EG" : "ar_EG" },
    { name: "twitter:card", content: page.image ? "summary_large_image" : "summary" },
  ];
  if (page.image) {
    tags.push(
      { property: "og:image", content: absoluteUrl(origin, page.image) },
      { property: "og:image:alt", content: page.title },
    );
  }
  if (page.noindex) tags.push({ name: "robots", content: "noindex" });
  if (page.jsonLd) tags.push({ "script:ld+json": page.jsonLd });
  return tags;
}

/**
 * The origin loaders hand to `seoMeta`: the configured public URL (the server always has one, see
 * server/config.ts); the request's own origin only where no configuration exists (unit tests).
 */
export function siteOrigin(url: URL, publicUrl: string | undefined | null): string {
  return (publicUrl ?? url.origin).replace(/\/$/, "");
}

/** schema.org Product with its EGP price and availability, for rich results. */
export function productJsonLd(
  p: { _id: string; code: string; category: string; totalPrice: number; stock: number; images: string[] },
  texts: { name: string; description: string },
  origin: string,
): Record<string, unknown> {
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: texts.name,
    description: texts.description,
    sku: p.code,
    category: p.category,
    image: p.images.map((i) => absoluteUrl(origin, i)),
    offers: {
      "@type": "Offer",
      url: absoluteUrl(origin, `/product/${p._id}`),
      price: p.totalPrice.toFixed(2),
      priceCurrency: "EGP",
      availability: p.stock > 0 ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
      itemCondition: "https://schema.org/NewCondition",
    },
  };
}
