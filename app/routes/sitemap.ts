import type { Route } from "./+types/sitemap";
import { listSitemapEntries } from "@server/modules/catalog/read/sitemap-entries";
import { siteOrigin } from "~/components/catalog/seo";

const STATIC_PATHS = [
  "/",
  "/shop",
  "/posts",
  "/about",
  "/contact",
  "/privacy-policy",
  "/terms-service",
  "/refund-policy",
  "/shipping-policy",
];

const xmlEscape = (s: string) =>
  s.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c]!);

/** Each URL with its English and Arabic alternates (the language is chosen by ?lang=). */
function entry(origin: string, path: string, lastmod?: Date): string {
  const loc = `${origin}${path}`;
  const withLang = (lang: string) => `${loc}${path.includes("?") ? "&" : "?"}lang=${lang}`;
  const alternates = (["en", "ar"] as const)
    .map((l) => `<xhtml:link rel="alternate" hreflang="${l}" href="${xmlEscape(withLang(l))}"/>`)
    .join("");
  const modified = lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : "";
  return `<url><loc>${xmlEscape(loc)}</loc>${modified}${alternates}<xhtml:link rel="alternate" hreflang="x-default" href="${xmlEscape(loc)}"/></url>`;
}

/** Every public page, every category, and every product a customer can see (pending and deleted ones never). */
export async function loader({ context, url }: Route.LoaderArgs) {
  const origin = siteOrigin(url, context.deps.config.PUBLIC_URL);
  const { products, categories } = await listSitemapEntries(context.deps);
  const urls = [
    ...STATIC_PATHS.map((p) => entry(origin, p)),
    ...categories.map((c) => entry(origin, `/shop?category=${encodeURIComponent(c)}`)),
    ...products.map((p) => entry(origin, `/product/${p.id}`, p.updatedAt)),
  ].join("");
  return new Response(
    `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">${urls}</urlset>`,
    { headers: { "content-type": "application/xml; charset=utf-8", "cache-control": "public, max-age=3600" } },
  );
}
