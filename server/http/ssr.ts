/**
 * Hands every non-API path to React Router's server build. Fastify's request becomes a Web
 * Request; the load context carries the same service dependencies the API uses.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { Readable } from "node:stream";
import { createRequestHandler, type ServerBuild } from "react-router";
import { COOKIES } from "@core/constants";
import type { AppLoadContextValue } from "./load-context";
import { translate } from "@core/i18n";
import { createRenderGate } from "./render-gate";
import { readEagerly } from "./read-eagerly";
import { sendPage } from "./compression";
import { answerUnknownApi, PAGE_METHODS, PAGE_METHOD_SET } from "./request-guards";
import { RETRY_AFTER_SECONDS } from "./error-handler";
import { classifyDbError } from "./db-errors";
import { metrics } from "../metrics/registry";
import { measureRender, trackRequestsInFlight } from "./render-cpu";
import { clearOnWrites, createPageCache, newNonce, type PageCache } from "./page-cache";
import { startRenderThreads, type RenderThreads } from "./render-threads";
import { throttledLog } from "./throttled-log";
import { pagesInFlight } from "../config";
import {
  guestPageKey,
  isGuestPageRequest,
  renderedForCache,
  sendGuestPage,
  varyWithCookie,
  type RenderedPage,
} from "./guest-pages";

declare module "fastify" {
  interface FastifyInstance {
    /** Rendered guest pages (page-cache.ts); its stats are what tests and metrics read. */
    pageCache: PageCache;
    pageRenders(): number;
  }
}

export async function registerSsr(app: FastifyInstance, build: ServerBuild, mode: string, renderThreadUrl?: string) {
  const handle = createRequestHandler(build, mode);
  const { SSR_CONCURRENCY, SSR_QUEUE, SSR_WAIT_MS, RENDER_THREADS } = app.deps.config;
  const renderThreads = startThreads(app, mode, renderThreadUrl);
  const limit = SSR_CONCURRENCY ?? pagesInFlight(renderThreads ? RENDER_THREADS : 0);
  const gate = createRenderGate({ limit, queue: SSR_QUEUE, waitMs: SSR_WAIT_MS });
  const stopRenderMetrics = [
    metrics.gauge("azya_render_queue_waiting", "Pages waiting for a render slot").collect(() => gate.load.waiting),
    metrics.gauge("azya_render_active", "Pages rendering now").collect(() => gate.load.active),
    metrics.gauge("azya_render_slots", "Pages allowed in flight at once (SSR_CONCURRENCY)").collect(() => limit),
  ];
  app.addHook("onClose", async () => {
    for (const stop of stopRenderMetrics) stop();
  });
  const { PAGE_CACHE_MB } = app.deps.config;
  const pageCache = createPageCache({
    maxBytes: PAGE_CACHE_MB * 1024 * 1024,
    // A page is some tens of KB; a larger one is an oddity not worth a fifth of the probation part.
    maxEntryBytes: Math.min(512 * 1024, Math.floor((PAGE_CACHE_MB * 1024 * 1024) / 5)),
    // Writes clear it at once; the clock bounds what no write announces (a discount's start or end).
    ttlMs: 60_000,
    // A page asked once is sent, not kept (decision 397).
    keepOnSecondAsk: true,
  });
  app.decorate("pageCache", pageCache);
  // Every page React renders, cached path or not (tests: a guest's miss is one render, a hit none).
  let renders = 0;
  app.decorate("pageRenders", () => renders);
  const stopClearing = clearOnWrites(pageCache);
  trackRequestsInFlight(app);
  // The cache keeps its own counts; each scrape reads them (decision 263: a gauge with a collector).
  const stopCacheMetrics = [
    metrics
      .gauge("azya_page_cache_lookups", "Guest page cache lookups since start, by result", ["result"])
      .collect(() => {
        const { hits, misses, shared } = pageCache.stats();
        return [
          [{ result: "hit" }, hits],
          [{ result: "miss" }, misses],
          [{ result: "shared" }, shared],
        ];
      }),
    metrics.gauge("azya_page_cache_bytes", "Bytes of guest pages held").collect(() => pageCache.stats().bytes),
  ];
  app.addHook("onClose", async () => {
    stopClearing();
    for (const stop of stopCacheMetrics) stop();
  });

  await app.register(async (scope) => {
    // Form posts reach React Router's actions untouched.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", (_req, payload, done) => done(null, payload));

    scope.all("/*", async (req: FastifyRequest, reply: FastifyReply) => {
      // An /api path no route serves is an API answer (JSON 404/405), never the HTML 404 page.
      if (req.url.startsWith("/api/")) return answerUnknownApi(app, req, reply);
      if (!PAGE_METHOD_SET.has(req.method)) return notAllowed(req, reply);
      // Counted only for a page React renders (not a cache hit), and only if it ran alone.
      const rendered = measureRender(req);
      // A boolean, never the reply: a reply is thenable, and awaiting one resolves to undefined
      // once sent, which once sent every guest page down the render path below a second time.
      if (PAGE_CACHE_MB > 0 && isGuestPageRequest(req) && (await serveGuestPage(req, reply, rendered))) return reply;
      if (!(await gate.enter())) return busy(req, reply);
      // The slot is given back once React has produced the whole page (see renderPage), or
      // when the visitor goes away first: a client that never reads cannot hold it.
      let left = false;
      const leave = () => {
        if (left) return;
        left = true;
        gate.leave();
        rendered();
      };
      if (req.raw.socket.destroyed) {
        // The visitor left while waiting: no page to render, and its 'close' has already passed.
        leave();
        return reply.hijack();
      }
      reply.raw.once("close", leave);
      try {
        return await renderPage(req, reply, leave);
      } catch (err) {
        leave();
        throw err;
      }
    });
  });

  /** Too many pages rendering and waiting: a small bilingual page, sent at once. */
  function busy(req: FastifyRequest, reply: FastifyReply) {
    req.log.warn({ load: gate.load }, "page refused: every render slot is taken and the queue is full or too slow");
    reply.header("retry-after", String(RETRY_AFTER_SECONDS));
    return smallPage(req, reply, 503, "validation.serviceUnavailable");
  }

  /**
   * A method no page takes, or a post to a page without a form (decision 398). React Router's own
   * 405 rendered the whole page with its internal message, naming the route, in the page's data.
   */
  function notAllowed(req: FastifyRequest, reply: FastifyReply) {
    reply.header("allow", PAGE_METHODS);
    return smallPage(req, reply, 405, "validation.methodNotAllowed");
  }

  /** A page of one sentence in both languages, for answers given without rendering. */
  function smallPage(req: FastifyRequest, reply: FastifyReply, status: number, key: string) {
    const en = translate("en", key);
    const ar = translate("ar", key);
    return reply
      .status(status)
      .header("cache-control", "no-store")
      .type("text/html; charset=utf-8")
      .send(
        `<!doctype html><html lang="${req.lang}" dir="${req.lang === "ar" ? "rtl" : "ltr"}"><head><meta charset="utf-8"><title>Azya</title></head>` +
          `<body><p lang="en" dir="ltr">${en}</p><p lang="ar" dir="rtl">${ar}</p></body></html>`,
      );
  }

  /**
   * A guest's page from the cache, from a render of the same page already running, or rendered
   * here (whole, then kept if it may be). True once the reply is sent; false when this request
   * must render the usual way: a HEAD that missed, or a waiter whose leader's page was not kept.
   */
  async function serveGuestPage(req: FastifyRequest, reply: FastifyReply, rendered: () => void): Promise<boolean> {
    const key = guestPageKey(req);
    if (req.method === "HEAD") {
      const page = pageCache.peek(key);
      if (page) sendGuestPage(app, req, reply, page, "hit");
      return Boolean(page);
    }
    let own: RenderedPage | "busy" | undefined;
    const { page, source } = await pageCache.get(key, async (keep) => {
      if (!(await gate.enter())) {
        own = "busy";
        return null;
      }
      try {
        // The page's nonce: its own if it is not kept; inert if it is (its scripts go by their hashes).
        const nonce = newNonce();
        const { response, context } = await routeRequest(req, reply, nonce);
        own = await renderedForCache(req, response, context, nonce, keep());
        rendered();
        return own.keep ? own.page : null;
      } finally {
        gate.leave();
      }
    });
    if (own === "busy") busy(req, reply);
    else if (own) sendGuestPage(app, req, reply, own.page, source, own);
    else if (page) sendGuestPage(app, req, reply, page, source);
    else return false;
    return true;
  }

  /** React Router's answer for this request, with `nonce` as the page's script nonce. */
  async function routeRequest(req: FastifyRequest, reply: FastifyReply, nonce: string) {
    renders++;
    const request = toWebRequest(req, reply, app.deps.config.PUBLIC_URL);
    const context: AppLoadContextValue = {
      deps: app.deps,
      user: await req.currentUser(),
      lang: req.lang,
      theme: req.theme,
      sidebarOpen: req.cookies?.[COOKIES.sidebar] === "true",
      nonce,
      ip: req.ip,
      sharedLimits: app.sharedLimits,
      errors: [],
      renderThreads,
      // Every rendered page is first sent to the visitor who asked: its thread compresses it for them.
      pageEncoding: renderThreads ? app.pageEncoding(req) : null,
    };
    let response = await handle(request, context as never);
    // A page caught by a lost database is a 503 to try again, like the API's (issue 11).
    if (response.status >= 500 && context.errors.some((e) => classifyDbError(e) === "unavailable")) {
      response = new Response(response.body, { status: 503, headers: response.headers });
      response.headers.set("retry-after", String(RETRY_AFTER_SECONDS));
    }
    return { response, context, visitorGone: request.signal };
  }

  /** One page through React Router, with the same services the API uses in its load context. */
  async function renderPage(req: FastifyRequest, reply: FastifyReply, rendered: () => void) {
    const nonce = newNonce();
    const { response, context, visitorGone } = await routeRequest(req, reply, nonce);
    if (response.status === 405) {
      // React Router's: a post to a page that has no action.
      void response.body?.cancel().catch(() => {});
      rendered();
      return notAllowed(req, reply);
    }
    if (response.headers.get("content-type")?.startsWith("text/html"))
      reply.header("content-security-policy", app.pageCsp(nonce));
    return sendWebResponse(reply, response, context, rendered, Boolean(req.sessionToken), visitorGone);
  }
}

/**
 * The render threads of a production build (decision 405): RENDER_THREADS of them, unless set one
 * on PostgreSQL on a machine with a second core (config.ts, decision 406). None under `npm run dev` or in
 * the API tests, which run the sources, not a bundle a thread could load.
 */
function startThreads(app: FastifyInstance, mode: string, bundleUrl: string | undefined): RenderThreads | undefined {
  const count = app.deps.config.RENDER_THREADS;
  if (mode !== "production" || !bundleUrl || count === 0) return undefined;
  const failed = throttledLog(app.log, 30_000);
  const threads = startRenderThreads({
    bundleUrl,
    count,
    timeoutMs: 30_000,
    log: (message, error) => (error === undefined ? app.log.warn(message) : failed(error, message)),
  });
  const stopMetrics = metrics
    .gauge("azya_render_thread_pages", "Pages rendered on a render thread, or on the main thread when none could", [
      "where",
    ])
    .collect(() => {
      const { rendered, fellBack } = threads.counts();
      return [
        [{ where: "thread" }, rendered],
        [{ where: "main_instead" }, fellBack],
      ];
    });
  const stopCompressedMetric = metrics
    .gauge("azya_render_thread_compressed_pages", "Pages a render thread compressed for their visitor too")
    .collect(() => threads.counts().compressed);
  app.addHook("onClose", async () => {
    stopMetrics();
    stopCompressedMetric();
    await threads.close();
  });
  app.log.info({ threads: count }, "pages render on threads of their own");
  return threads;
}

/**
 * A request addressed to the shop's own host takes PUBLIC_URL's origin (its https, even behind a
 * proxy that is not trusted); any other Host keeps its own, so React Router's check that a form's
 * Origin matches still passes for a developer on 127.0.0.1. Links never come from here: pages and
 * e-mails build them from PUBLIC_URL (app/components/catalog/seo.ts siteOrigin).
 */
function toWebRequest(req: FastifyRequest, reply: FastifyReply, publicUrl: string): Request {
  const shop = new URL(publicUrl);
  const host = req.headers.host ?? shop.host;
  const origin = host === shop.host ? shop.origin : `${req.protocol}://${host}`;
  const url = new URL(req.url, origin);
  const controller = new AbortController();
  // The visitor left before the answer was sent. Not the request stream's 'close': that one fires
  // as soon as a body has been read, and aborted renders halfway into an empty 500 (npm run fuzz).
  reply.raw.on("close", () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else if (value !== undefined) headers.set(key, String(value));
  }
  const hasBody = req.method !== "GET" && req.method !== "HEAD" && req.body;
  return new Request(url, {
    method: req.method,
    headers,
    signal: controller.signal,
    body: hasBody ? (Readable.toWeb(req.body as Readable) as ReadableStream) : undefined,
    // @ts-expect-error Node's fetch needs duplex for a streamed body; the DOM type lacks it.
    duplex: hasBody ? "half" : undefined,
  });
}

async function sendWebResponse(
  reply: FastifyReply,
  response: Response,
  { page, compressedPage }: Pick<AppLoadContextValue, "page" | "compressedPage">,
  rendered: () => void,
  signedIn: boolean,
  visitorGone: AbortSignal,
) {
  reply.status(response.status);
  for (const [key, value] of response.headers) {
    if (key === "set-cookie") continue;
    reply.header(key, value);
  }
  if (signedIn) {
    // A signed-in page (and its data) carries the customer's name, e-mail and phone: no shared
    // cache may keep it, and none may hand a guest's copy to them or theirs to a guest.
    reply.header("cache-control", "private, no-store");
    reply.header("vary", varyWithCookie(reply.getHeader("vary")));
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length) reply.header("set-cookie", cookies);
  if (page) {
    // A page, complete already (entry.server.tsx): handed over beside the Response (decision 392).
    rendered();
    return sendPage(reply, page, compressedPage);
  }
  if (!response.body) {
    rendered();
    return reply.send();
  }
  return reply.send(await readEagerly(response.body, rendered, visitorGone));
}
