import type { Route } from "./+types/robots";

/** The sitemap's address is the shop's own (PUBLIC_URL), never the Host header of the request. */
export function loader({ context }: Route.LoaderArgs) {
  const origin = context.deps.config.PUBLIC_URL.replace(/\/$/, "");
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /admin/",
    "Disallow: /moderator/",
    "Disallow: /account",
    "Disallow: /checkout",
    "Disallow: /cart",
    "Disallow: /orders",
    "Disallow: /api/",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "public, max-age=3600" },
  });
}
