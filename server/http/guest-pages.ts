/**
 * Which page requests the page cache answers, under which key, and how a kept page is sent
 * (decision 281). The cache itself is page-cache.ts; the render is ssr.ts's.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { COOKIES } from "@core/constants";
import type { CachedPage, PageSource } from "./page-cache";
import { sendPage } from "./compression";
import type { CompressedPage } from "./compress-bytes";
import { inlineScriptHashes } from "./script-hashes";
import { varyWith } from "./vary";
import type { AppLoadContextValue } from "./load-context";

/**
 * What a CDN in front may do with a guest page: keep it briefly (our own cache is cleared by
 * writes; a CDN's is not, so its copy is short-lived) and serve a stale one while it fetches anew.
 * Browsers revalidate (max-age=0). The page varies on Cookie: the CDN should key on the lang,
 * theme and sidebar_state cookies and pass any request carrying access_token through.
 */
export const GUEST_CACHE_CONTROL = "public, max-age=0, s-maxage=10, stale-while-revalidate=30";

/**
 * A guest page on its first ask (decision 397): sent with a nonce of its own, so no shared cache
 * may keep it; a CDN gets the shareable copy from the next ask, which the page cache keeps.
 */
export const FIRST_ASK_CACHE_CONTROL = "private, max-age=0";

/**
 * A guest is a visitor with no session (cookie or bearer token): nothing on the page is theirs.
 * The guest cart lives in the browser's storage (GUEST_CART_STORAGE_KEY), never in the HTML.
 */
export function isGuestPageRequest(req: FastifyRequest): boolean {
  return (req.method === "GET" || req.method === "HEAD") && !req.sessionToken;
}

/**
 * Everything a guest page depends on: the Host (the page's own links use PUBLIC_URL, but the key
 * keeps hosts apart so a forged Host never shares a copy), language, theme, sidebar state, and the
 * address as sent. The query is not reordered: pages echo it into links, and a copy rendered for
 * `?b&a` must not answer `?a&b` with different links (the byte-bounded segments of page-cache.ts
 * are what keep many spellings of one address from costing memory without bound).
 */
export function guestPageKey(req: FastifyRequest): string {
  const sidebar = req.cookies?.[COOKIES.sidebar] === "true" ? "1" : "0";
  return `${req.headers.host ?? ""}\n${req.lang}\n${req.theme}\n${sidebar}\n${req.url}`;
}

export interface RenderedPage {
  page: CachedPage;
  /** The reply's body as React Router produced it (for a reply that is not HTML or not kept). */
  body: Buffer;
  /** The nonce the page was rendered with: its own when it is not kept, inert when it is. */
  nonce: string;
  /** The page as its render thread compressed it for this visitor (decision 407). */
  compressed?: CompressedPage;
  cookies: string[];
  /** Whether the page may answer other guests. */
  keep: boolean;
  /** It could have been kept, but the page cache keeps it only from its second ask (decision 397). */
  firstAsk: boolean;
}

/**
 * Reads a whole rendered reply and decides whether it may be kept; `wanted` false (the page cache
 * keeps it only from its second ask, decision 397) sends it with the nonce it was rendered with
 * instead: a fresh one, and no other visitor gets the page.
 */
export async function renderedForCache(
  req: FastifyRequest,
  response: Response,
  context: Pick<AppLoadContextValue, "errors" | "page" | "compressedPage">,
  nonce: string,
  wanted = true,
): Promise<RenderedPage> {
  const renderedCleanly = context.errors.length === 0;
  const body = context.page ?? Buffer.from(await response.arrayBuffer());
  const cookies = response.headers.getSetCookie();
  const headers: [string, string][] = [];
  for (const [name, value] of response.headers) {
    if (name === "set-cookie" || name === "content-security-policy") continue;
    headers.push([name, value]);
  }
  const html = response.headers.get("content-type")?.startsWith("text/html") ?? false;
  const routeCaching = response.headers.get("cache-control") ?? "";
  const keepable =
    req.method === "GET" &&
    response.status === 200 &&
    html &&
    renderedCleanly &&
    cookies.length === 0 &&
    !/\b(no-store|private|no-cache)\b/i.test(routeCaching);
  const keep = keepable && wanted;
  const htmlBytes = html ? body : Buffer.alloc(0);
  const page: CachedPage = {
    status: response.status,
    headers,
    html: htmlBytes,
    scriptHashes: html && keep ? inlineScriptHashes(body) : [],
    compressed: {},
    // The compressed copies are made on first need; half the page's size bounds both together.
    bytes: htmlBytes.length * 1.5 + headers.reduce((n, [k, v]) => n + k.length + v.length, 0) + req.url.length,
    storedAt: 0,
  };
  return { page, body, nonce, compressed: context.compressedPage, cookies, keep, firstAsk: keepable && !wanted };
}

/**
 * Sends a guest's page. `own` is this request's own render; without it, or when it was kept, the
 * reply is a shareable guest page: it carries the CDN headers, and the same bytes go to every
 * guest, its scripts allowed by their hashes and its compressed copy kept (decisions 372, 385).
 * A page that was not kept is this visitor's alone, as a signed-in page is: its scripts are allowed
 * by the fresh nonce it was rendered with, and it leaves as its render thread compressed it.
 */
export function sendGuestPage(
  app: FastifyInstance,
  req: FastifyRequest,
  reply: FastifyReply,
  page: CachedPage,
  source: PageSource,
  own?: RenderedPage,
) {
  reply.status(page.status);
  for (const [name, value] of page.headers) reply.header(name, value);
  if (own?.cookies.length) reply.header("set-cookie", own.cookies);
  // Whether this reply came from the cache: for tests and for an operator reading the headers.
  // Only an HTML page is ever kept, so a shared reply is always one.
  if (!own || own.keep) {
    reply.header("x-page-cache", source);
    reply.header("content-security-policy", app.pageCspForHashes(page.scriptHashes));
    reply.header("cache-control", GUEST_CACHE_CONTROL);
    reply.header("vary", varyWithCookie(reply.getHeader("vary")));
    return app.sendKeptCompressed(req, reply, page.html, page.compressed, own?.compressed);
  }
  reply.header("x-page-cache", own.firstAsk ? "once" : "bypass");
  if (own.firstAsk) {
    // Its nonce is this answer's alone: no shared cache may hand it to another visitor.
    reply.header("cache-control", FIRST_ASK_CACHE_CONTROL);
    reply.header("vary", varyWithCookie(reply.getHeader("vary")));
  }
  const html = page.headers.some(([name, value]) => name === "content-type" && value.startsWith("text/html"));
  if (!html) return reply.send(own.body);
  reply.header("content-security-policy", app.pageCsp(own.nonce));
  return sendPage(reply, own.body, own.compressed);
}

/** `vary` with Cookie added once (a page that depends on who asks must say so to every cache). */
export const varyWithCookie = (vary: unknown) => varyWith(vary, "Cookie");
