import { describe, expect, it } from "vitest";
import type { MetaDescriptor } from "react-router";
import { productJsonLd, seoMeta, siteOrigin } from "../../app/components/catalog/seo";

const href = (tags: MetaDescriptor[], match: Record<string, string>) =>
  (
    tags.find((t) => Object.entries(match).every(([k, v]) => (t as Record<string, unknown>)[k] === v)) as
      | { href?: string }
      | undefined
  )?.href;
const content = (tags: MetaDescriptor[], property: string) =>
  (tags.find((t) => (t as Record<string, unknown>).property === property) as { content?: string } | undefined)?.content;

describe("page head tags", () => {
  const base = {
    origin: "https://azya.example",
    pathname: "/shop",
    lang: "en" as const,
    title: "Dresses | Azya",
    description: "Shop dresses.",
  };

  it("links canonical to the page itself and hreflang en, ar and x-default to its language URLs", () => {
    const tags = seoMeta({ ...base, search: "?category=dresses&notice=productNotFound&view=compact" });
    expect(href(tags, { rel: "canonical" })).toBe("https://azya.example/shop?category=dresses");
    expect(href(tags, { rel: "alternate", hrefLang: "en" })).toBe("https://azya.example/shop?category=dresses&lang=en");
    expect(href(tags, { rel: "alternate", hrefLang: "ar" })).toBe("https://azya.example/shop?category=dresses&lang=ar");
    expect(href(tags, { rel: "alternate", hrefLang: "x-default" })).toBe("https://azya.example/shop?category=dresses");
    expect(tags).toContainEqual({ title: "Dresses | Azya" });
    expect(tags).toContainEqual({ name: "description", content: "Shop dresses." });
  });

  it("keeps an explicit ?lang= in the canonical URL, so each language version is its own page", () => {
    const tags = seoMeta({ ...base, lang: "ar", search: "?lang=ar" });
    expect(href(tags, { rel: "canonical" })).toBe("https://azya.example/shop?lang=ar");
    expect(content(tags, "og:locale")).toBe("ar_EG");
  });

  it("gives an absolute Open Graph image and can ask not to be indexed", () => {
    const tags = seoMeta({ ...base, search: "", image: "/uploads/a-800.webp", noindex: true });
    expect(content(tags, "og:image")).toBe("https://azya.example/uploads/a-800.webp");
    expect(tags).toContainEqual({ name: "robots", content: "noindex" });
  });

  it("prefers the configured public URL over the request's origin", () => {
    expect(siteOrigin(new URL("http://10.0.0.5:3000/shop"), "https://azya.example/")).toBe("https://azya.example");
    expect(siteOrigin(new URL("http://localhost:3000/shop"), undefined)).toBe("http://localhost:3000");
  });
});

describe("JSON-LD Product", () => {
  const product = {
    _id: "p1",
    code: "LWD-1",
    category: "dresses",
    totalPrice: 240,
    stock: 0,
    images: ["/uploads/x-800.webp"],
  };

  it("states the price in EGP with two decimals and the availability", () => {
    const ld = productJsonLd(product, { name: "Linen Wrap Dress", description: "Light." }, "https://azya.example");
    expect(ld).toMatchObject({
      "@type": "Product",
      name: "Linen Wrap Dress",
      sku: "LWD-1",
      image: ["https://azya.example/uploads/x-800.webp"],
      offers: {
        price: "240.00",
        priceCurrency: "EGP",
        availability: "https://schema.org/OutOfStock",
        url: "https://azya.example/product/p1",
      },
    });
  });
});
