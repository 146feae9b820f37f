import Fastify, { type FastifyInstance, type FastifyReply } from "fastify";
import compress from "@fastify/compress";
import cookie from "@fastify/cookie";
import rateLimit from "@fastify/rate-limit";
import fastifyStatic from "@fastify/static";
import swagger from "@fastify/swagger";
import { jsonSchemaTransform, validatorCompiler } from "fastify-type-provider-zod";
import fs from "node:fs";
import zlib from "node:zlib";
import path from "node:path";
import { sql } from "drizzle-orm";
import { Redis } from "ioredis";
import type { ServerBuild } from "react-router";
import { translate } from "@core/i18n";
import type { Config } from "./config";
import type { Database } from "./db/client";
import { createMailer, type Mailer } from "./mail/mailer";
import { registerAccess } from "./http/access";
import { registerErrorHandler } from "./http/error-handler";
import { registerSecurityHeaders } from "./http/security-headers";
import { registerSsr } from "./http/ssr";
import { fallbackStore } from "./http/rate-limit-store";
import { throttledLog } from "./http/throttled-log";
import { registerRequestGuards } from "./http/request-guards";
import { applyServerTimeouts, serverTimeouts } from "./http/timeouts";
import { registerApi } from "./modules";
import { replySerializer } from "./http/reply-serializer";
import { registerApiReference } from "./http/api-reference";
import { createStorage, type Storage } from "./storage";
import { serveUploads } from "./storage/serve-uploads";

declare module "fastify" {
  interface FastifyInstance {
    /** The Content-Security-Policy of an HTML page for a given script nonce. */
    pageCsp: (nonce: string) => string;
  }
}

/**
 * Styles stay 'unsafe-inline': a style nonce would switch that off and block React's style
 * attributes. Google's sign-in (only with GOOGLE_CLIENT_ID) loads its script, style and frame.
 */
function pageCspBuilder(config: Config): (nonce: string) => string {
  const google = config.GOOGLE_CLIENT_ID
    ? {
        scripts: ["https://accounts.google.com/gsi/client"],
        styles: ["https://accounts.google.com/gsi/style"],
        frames: ["https://accounts.google.com/gsi/"],
      }
    : { scripts: [], styles: [], frames: [] };
  const join = (...parts: string[]) => parts.join(" ");
  const before = `default-src 'self';script-src 'self' 'nonce-`;
  const after = [
    `'${google.scripts.length ? ` ${join(...google.scripts)}` : ""}`,
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
  return (nonce) => before + nonce + after;
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
  /** Folder of the browser build (build/client). */
  clientDir?: string;
  mailer?: Mailer;
  /** Where uploads are kept; by default the one the config names (server/storage). */
  storage?: Storage;
}

export async function buildApp(opts: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = opts;
  const app = Fastify({
    logger:
      config.LOG_LEVEL === "silent"
        ? false
        : config.isProduction
          ? { level: config.LOG_LEVEL, redact: ["req.headers.authorization", "req.headers.cookie"] }
          : {
              level: config.LOG_LEVEL,
              transport: { target: "pino-pretty" },
              redact: ["req.headers.authorization", "req.headers.cookie"],
            },
    bodyLimit: 1024 * 1024,
    // Only the proxies named in TRUST_PROXY may say who the client is: otherwise any caller could
    // pick a new X-Forwarded-For per request and escape every rate limit (decision 105).
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    ...serverTimeouts(config),
    // A malformed URL or a path parameter over 100 characters never reaches a route or a hook.
    frameworkErrors: (err, req, reply: FastifyReply) => {
      const lang = /(?:^|;\s*)lang=ar(?:;|$)/.test(req.headers.cookie ?? "") ? "ar" : "en";
      const tooLong = err.code === "FST_ERR_MAX_PARAM_LENGTH";
      reply
        .status(tooLong ? 404 : 400)
        .send({ message: translate(lang, tooLong ? "validation.notFound" : "validation.invalidInput") });
    },
  });
  applyServerTimeouts(app, config);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(replySerializer(config.NODE_ENV === "test"));

  const mailer = opts.mailer ?? createMailer(config, app.log);
  const storage = opts.storage ?? (await createStorage(config));
  if (!opts.storage) app.addHook("onClose", async () => storage.close());
  app.decorate("deps", { config, database, db: database.db, mailer, storage, log: app.log });

  // Pages, JSON and build assets leave compressed (brotli or gzip); images are already compressed.
  await app.register(compress, {
    threshold: 1024,
    encodings: ["br", "gzip"],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await app.register(cookie);
  // Helmet sets the static security headers; the page CSP (with a per-request script nonce) is
  // built once here and applied by the SSR handler to HTML only, so API calls pay nothing for it.
  registerSecurityHeaders(app, {
    hsts: config.isProduction && Boolean(config.PUBLIC_URL?.startsWith("https")),
    contentSecurityPolicy: { directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
    crossOriginEmbedderPolicy: false,
  });
  app.decorate("pageCsp", pageCspBuilder(config));
  // With REDIS_URL, every process behind a load balancer shares one count per client (DESIGN.md §7).
  // Without Redis (or while it is down) each process counts alone (server/http/rate-limit-store.ts).
  const redis = config.REDIS_URL
    ? new Redis(config.REDIS_URL, { maxRetriesPerRequest: 1, enableOfflineQueue: false })
    : undefined;
  if (redis) app.addHook("onClose", async () => void (await redis.quit().catch(() => redis.disconnect())));
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { store: fallbackStore(redis, "azya-rl-", app.log) } : {}),
  });
  await app.register(swagger, {
    openapi: { info: { title: "Azya shop API", version: "1.0.0" } },
    transform: jsonSchemaTransform,
  });

  registerAccess(app);
  registerRequestGuards(app);
  registerErrorHandler(app);
  const connectionLost = throttledLog(app.log, 10_000);
  database.onConnectionError((err) => connectionLost(err, "database connection lost: the pool replaces it"));

  app.get("/healthz", async (_req, reply) => {
    await database.db.execute(sql`select 1`);
    return reply.send({ status: "ok" });
  });
  registerApiReference(app);

  await registerApi(app);

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

  if (opts.ssrBuild) await registerSsr(app, opts.ssrBuild, config.NODE_ENV);

  return app;
}
