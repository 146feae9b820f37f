import type { Route } from "./+types/sitemap";

/** Static pages for now; the catalogue work (issue 3) adds every visible product and category. */
export function loader({ request }: Route.LoaderArgs) {
  const origin = new URL(request.url).origin;
  const paths = ["/", "/shop", "/posts", "/about", "/contact", "/privacy-policy", "/terms-service", "/refund-policy", "/shipping-policy"];
  const urls = paths.map((p) => `<url><loc>${origin}${p}</loc></url>`).join("");
  return new Response(`<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls}</urlset>`, {
    headers: { "content-type": "application/xml; charset=utf-8" },
  });
}
