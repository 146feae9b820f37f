import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";
import compress from "@fastify/compress";
import cookie from "@fastify/cookie";
import rateLimit from "@fastify/rate-limit";
import fastifyStatic from "@fastify/static";
import swagger from "@fastify/swagger";
import { validatorCompiler } from "fastify-type-provider-zod";
import fs from "node:fs";
import path from "node:path";
import type { ServerBuild } from "react-router";
import { translate } from "@core/i18n";
import type { Config } from "./config";
import type { Database } from "./db/client";
import { createMailTransport, queuedMailer, type MailTransport } from "./mail/mailer";
import { createSmsTransport, type SmsTransport } from "./sms/sms-transport";
import { queuedTexter } from "./sms/texter";
import { createJobs } from "./jobs/worker";
import { registerAccess } from "./http/access";
import { registerErrorHandler } from "./http/error-handler";
import { registerUnreadBodyDiscard } from "./http/unread-body";
import { answerUnreadableRequest } from "./http/unreadable-request";
import { registerSecurityHeaders } from "./http/security-headers";
import { registerSsr } from "./http/ssr";
import { registerDictionaryAsset } from "./http/dictionary-asset";
import { fallbackStore, localStore } from "./http/rate-limit-store";
import { registerSharedLimits } from "./http/shared-rate-limit";
import { throttledLog } from "./http/throttled-log";
import { registerRequestGuards } from "./http/request-guards";
import { applyServerTimeouts, serverTimeouts } from "./http/timeouts";
import { registerApi } from "./modules";
import { replySerializer } from "./http/reply-serializer";
import { openApiTransform } from "./http/openapi-transform";
import { registerApiReference } from "./http/api-reference";
import { registerHealth } from "./http/health";
import { startEventsBridge } from "./events-bridge";
import { registerRequestId, requestIdFor, requestIdMixin } from "./http/request-id";
import { registerHttpMetrics } from "./metrics/http-metrics";
import { collectPoolMetrics } from "./metrics/database-metrics";
import { registerMetricsEndpoint } from "./metrics/metrics-endpoint";
import { createStorage, type Storage } from "./storage";
import { collectJobMetrics } from "./metrics/jobs-metrics";
import { countJobs } from "./jobs/job-counts";
import { serveUploads } from "./storage/serve-uploads";
import { errWithSourceStack } from "./logging/source-mapped-stack";
import { AccessLog } from "./logging/access-log";
import pino from "pino";
import {
  FOR_ONE_VISITOR,
  COMPRESS_IN_ONE_CALL_BYTES,
  COMPRESS_MIN_BYTES,
  type CompressedPage,
  type Encoding,
} from "./http/compress-bytes";
import {
  preferredEncodings,
  registerKeptCompression,
  type CompressionStats,
  type KeptCopies,
} from "./http/compression";

declare module "fastify" {
  interface FastifyInstance {
    /** Shared texts compressed once and sent from their kept copies (server/http/compression.ts). */
    compressionStats: () => CompressionStats;
    /** Sends bytes every visitor gets alike from their kept compressed copy, made on first need. */
    sendKeptCompressed: (
      req: FastifyRequest,
      reply: FastifyReply,
      body: Buffer,
      copies: KeptCopies,
      madeForOne?: CompressedPage,
    ) => FastifyReply;
    /** The encoding a page rendered for this visitor will leave in, or null (decision 407). */
    pageEncoding: (req: FastifyRequest) => Encoding | null;
    /** The Content-Security-Policy of an HTML page for a given script nonce. */
    pageCsp: (nonce: string) => string;
    /** The same policy allowing the inline scripts of these SHA-256 hashes (base64) instead. */
    pageCspForHashes: (sha256s: string[]) => string;
  }
}

/**
 * Styles stay 'unsafe-inline': a style nonce would switch that off and block React's style
 * attributes. Google's sign-in (only with GOOGLE_CLIENT_ID) loads its script, style and frame.
 * A page's inline scripts are allowed by a nonce of its own reply, or, for a guest page sent from
 * the page cache, by their hashes (`pageCspForHashes`, decision 372).
 */
function pageCspBuilders(config: Config) {
  const google = config.GOOGLE_CLIENT_ID
    ? {
        scripts: ["https://accounts.google.com/gsi/client"],
        styles: ["https://accounts.google.com/gsi/style"],
        frames: ["https://accounts.google.com/gsi/"],
      }
    : { scripts: [], styles: [], frames: [] };
  const join = (...parts: string[]) => parts.join(" ");
  const before = `default-src 'self';script-src 'self' `;
  const after = [
    google.scripts.length ? ` ${join(...google.scripts)}` : "",
    `img-src ${join("'self'", "data:", "blob:", ...(config.S3_PUBLIC_URL ? [new URL(config.S3_PUBLIC_URL).origin] : []))}`,
    `style-src ${join("'self'", "'unsafe-inline'", ...google.styles)}`,
    `font-src 'self' data:`,
    `connect-src ${join("'self'", ...google.frames)}`,
    `frame-src ${join("'self'", "https://accept.paymob.com", ...google.frames)}`,
    `frame-ancestors 'none'`,
    `form-action 'self'`,
    `base-uri 'self'`,
    `object-src 'none'`,
    `script-src-attr 'none'`,
  ].join(";");
  return {
    pageCsp: (nonce: string) => `${before}'nonce-${nonce}'${after}`,
    pageCspForHashes: (sha256s: string[]) => before + sha256s.map((h) => `'sha256-${h}'`).join(" ") + after,
  };
}

/** A hop count becomes "the last n addresses are proxies"; a list is handed over as it is. */
function trustProxyOption(
  trust: Config["TRUST_PROXY"],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === "number" ? (_address, hop) => hop < trust : trust;
}

export interface BuildAppOptions {
  config: Config;
  database: Database;
  /** The React Router server build; omitted in API tests. */
  ssrBuild?: ServerBuild;
  /** The built bundle, which render threads load (decision 405); unset, pages render on the main thread. */
  renderThreadUrl?: string;
  /** Folder of the browser build (build/client). */
  clientDir?: string;
  /**
   * False when the caller still has to migrate and seed (server/main.ts): until it calls
   * `app.readiness.markStarted()`, /readyz and every other request answer 503. Tests build a
   * migrated app and leave this out.
   */
  started?: boolean;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: NodeJS.WritableStream;
  /** What delivers e-mail (default: SMTP_URL or the outbox); the API tests capture it. */
  mailTransport?: MailTransport;
  /** What delivers text messages (default: SMS_URL or the outbox). */
  smsTransport?: SmsTransport;
  /** Run the job worker while the app is open (default true; API tests run jobs themselves). */
  runJobs?: boolean;
  /** Where uploads are kept; by default the one the config names (server/storage). */
  storage?: Storage;
}

export async function buildApp(opts: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = opts;
  const redact = ["req.headers.authorization", "req.headers.cookie"];
  const logger = {
    level: config.LOG_LEVEL,
    redact,
    mixin: requestIdMixin,
    serializers: { err: errWithSourceStack },
  };
  const app = Fastify({
    logger:
      config.LOG_LEVEL === "silent"
        ? false
        : opts.logStream
          ? { ...logger, stream: opts.logStream }
          : config.isProduction
            ? // Written by a worker-free async stream: a burst of requests costs one write per
              // batch of lines, not one blocking write per line; flushed when the process exits.
              { ...logger, stream: pino.destination({ sync: false }) }
            : { ...logger, transport: { target: "pino-pretty" } },
    // One access line per request, when it is answered, not two (server/logging/access-log.ts).
    logController: new AccessLog(),
    genReqId: requestIdFor,
    bodyLimit: 1024 * 1024,
    // Only the proxies named in TRUST_PROXY may say who the client is: otherwise any caller could
    // pick a new X-Forwarded-For per request and escape every rate limit (decision 105).
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    ...serverTimeouts(config),
    clientErrorHandler: answerUnreadableRequest,
    // A malformed URL or a path parameter over 100 characters never reaches a route or a hook.
    frameworkErrors: (err, req, reply: FastifyReply) => {
      const lang = /(?:^|;\s*)lang=ar(?:;|$)/.test(req.headers.cookie ?? "") ? "ar" : "en";
      const tooLong = err.code === "FST_ERR_MAX_PARAM_LENGTH";
      reply.status(tooLong ? 404 : 400).send({
        message: translate(lang, tooLong ? "validation.notFound" : "validation.invalidInput"),
        requestId: req.id,
      });
    },
  });
  applyServerTimeouts(app, config);
  // First of all hooks: everything after it (and every log line) runs with the request's id.
  registerRequestId(app);
  registerUnreadBodyDiscard(app);
  registerHttpMetrics(app);
  const stopPoolMetrics = collectPoolMetrics(database);
  app.addHook("onClose", async () => stopPoolMetrics());
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(replySerializer(config.NODE_ENV === "test"));

  const jobs = createJobs({
    db: database.db,
    log: app.log,
    pollMs: config.JOBS_POLL_MS,
    retryBaseMs: config.JOBS_RETRY_BASE_MS,
  });
  const mailer = queuedMailer(jobs, database.db, opts.mailTransport ?? createMailTransport(config, app.log));
  const sms = queuedTexter(jobs, database.db, opts.smsTransport ?? createSmsTransport(config, app.log));
  const storage = opts.storage ?? (await createStorage(config));
  if (!opts.storage) app.addHook("onClose", async () => storage.close());
  app.decorate("deps", { config, database, db: database.db, mailer, sms, jobs, storage, log: app.log });
  // Jobs waiting and failed for good, counted at each scrape of /metrics (decision 263).
  const stopJobMetrics = collectJobMetrics(() => countJobs(database.db));
  app.addHook("onClose", async () => stopJobMetrics());
  if (opts.runJobs !== false) {
    // A server that still migrates (server/main.ts) starts the worker once its tables exist.
    if (opts.started !== false) app.addHook("onReady", async () => jobs.start());
    // Before the database closes: the job in hand finishes, the rest wait in their table.
    app.addHook("onClose", async () => jobs.stop());
  }

  // Pages, JSON and build assets leave compressed (brotli or gzip); images are already compressed.
  // A buffered answer (every page and JSON) is compressed in one call (decision 370): the plugin's
  // default streams anything over 8 KB on two cores through a zlib stream and the threadpool,
  // which cost three to four times the CPU of compressing it at once. Texts every visitor gets
  // alike keep their compressed copies (decision 371).
  const encodings = preferredEncodings();
  const keptCompression = registerKeptCompression(app, encodings);
  app.decorate("compressionStats", keptCompression.stats);
  app.decorate("sendKeptCompressed", keptCompression.sendKeptCompressed);
  app.decorate("pageEncoding", keptCompression.pageEncoding);
  await app.register(compress, {
    threshold: COMPRESS_MIN_BYTES,
    syncThreshold: COMPRESS_IN_ONE_CALL_BYTES,
    encodings,
    // Every answer compressed as it leaves is made for one visitor (decision 385).
    brotliOptions: FOR_ONE_VISITOR.brotli,
    zlibOptions: FOR_ONE_VISITOR.gzip,
  });
  await app.register(cookie);
  // Helmet sets the static security headers; the page CSP (with a per-request script nonce) is
  // built once here and applied by the SSR handler to HTML only, so API calls pay nothing for it.
  registerSecurityHeaders(app, {
    hsts: config.isProduction && Boolean(config.PUBLIC_URL?.startsWith("https")),
    contentSecurityPolicy: { directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
    crossOriginEmbedderPolicy: false,
    // Not Helmet's no-referrer: under it a browser sends `Origin: null` with a form post, and React
    // Router then refuses the /auth sign-in posted without scripts as cross-site (decision 200).
    // Other sites still get no referrer.
    referrerPolicy: { policy: "same-origin" },
  });
  const csp = pageCspBuilders(config);
  app.decorate("pageCsp", csp.pageCsp);
  app.decorate("pageCspForHashes", csp.pageCspForHashes);
  // With REDIS_URL, every process behind a load balancer shares one count per client (DESIGN.md §7).
  // Without Redis (or while it is down) each process counts alone (server/http/rate-limit-store.ts).
  // ioredis loads only where Redis is configured: 2 MB of heap a single shop never uses.
  const redis = config.REDIS_URL
    ? new (await import("ioredis")).Redis(config.REDIS_URL, { maxRetriesPerRequest: 1, enableOfflineQueue: false })
    : undefined;
  if (redis) app.addHook("onClose", async () => void (await redis.quit().catch(() => redis.disconnect())));
  await app.register(rateLimit, {
    global: false,
    store: redis ? fallbackStore(redis, "azya-rl-", app.log) : localStore(),
  });
  // The limits a no-script form shares with its API operation (sign-in, order tracking).
  registerSharedLimits(app);
  await app.register(swagger, {
    openapi: { info: { title: "Azya shop API", version: "1.0.0" } },
    transform: openApiTransform,
  });

  registerAccess(app);
  registerRequestGuards(app);
  registerErrorHandler(app);
  const connectionLost = throttledLog(app.log, 10_000);
  database.onConnectionError((err) => connectionLost(err, "database connection lost: the pool replaces it"));

  registerHealth(app, { started: opts.started ?? true });
  registerMetricsEndpoint(app, config.METRICS_TOKEN);
  registerApiReference(app);

  const bridge = await startEventsBridge(config, database, app.log);
  if (bridge) app.addHook("onClose", () => bridge.close());

  await registerApi(app);
  registerDictionaryAsset(app);

  await serveUploads(app, config, storage);

  if (opts.clientDir && fs.existsSync(opts.clientDir)) {
    // Hashed build assets never change; the few unhashed files (favicon) are revalidated daily.
    await app.register(fastifyStatic, {
      root: opts.clientDir,
      prefix: "/",
      decorateReply: false,
      wildcard: false,
      index: false,
      cacheControl: false,
      // scripts/precompress.mjs leaves .br and .gz copies beside the build's text assets.
      preCompressed: true,
      setHeaders(reply, filePath) {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header("cache-control", hashed ? "public, max-age=31536000, immutable" : "public, max-age=86400");
      },
    });
  }

  if (opts.ssrBuild) await registerSsr(app, opts.ssrBuild, config.NODE_ENV, opts.renderThreadUrl);

  return app;
}
