import Fastify, { type FastifyInstance } from "fastify";
import compress from "@fastify/compress";
import cookie from "@fastify/cookie";
import helmet from "@fastify/helmet";
import multipart from "@fastify/multipart";
import rateLimit from "@fastify/rate-limit";
import fastifyStatic from "@fastify/static";
import swagger from "@fastify/swagger";
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import fs from "node:fs";
import crypto from "node:crypto";
import zlib from "node:zlib";
import type { ServerResponse } from "node:http";
import path from "node:path";
import { sql } from "drizzle-orm";
import { Redis } from "ioredis";
import type { ServerBuild } from "react-router";
import type { Config } from "./config";
import type { Database } from "./db/client";
import { createMailer, type Mailer } from "./mail/mailer";
import { registerAccess } from "./http/access";
import { registerErrorHandler } from "./http/error-handler";
import { registerSsr } from "./http/ssr";
import { registerApi } from "./modules";
import { LIMITS } from "@core/constants";

export type ResponseWithNonce = ServerResponse & { cspNonce?: string };

export interface BuildAppOptions {
  config: Config;
  database: Database;
  /** The React Router server build; omitted in API tests. */
  ssrBuild?: ServerBuild;
  /** Folder of the browser build (build/client). */
  clientDir?: string;
  mailer?: Mailer;
}

export async function buildApp(opts: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = opts;
  const app = Fastify({
    logger:
      config.LOG_LEVEL === "silent"
        ? false
        : config.isProduction
          ? { level: config.LOG_LEVEL, redact: ["req.headers.authorization", "req.headers.cookie"] }
          : { level: config.LOG_LEVEL, transport: { target: "pino-pretty" }, redact: ["req.headers.authorization", "req.headers.cookie"] },
    bodyLimit: 1024 * 1024,
    trustProxy: true,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const mailer = opts.mailer ?? createMailer(config, app.log);
  app.decorate("deps", { config, database, db: database.db, mailer, log: app.log });

  // Pages, JSON and build assets leave compressed (brotli or gzip); images are already compressed.
  await app.register(compress, { threshold: 1024, encodings: ["br", "gzip"], brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } } });
  await app.register(cookie);
  // A fresh nonce per request for React Router's inline scripts. Styles stay 'unsafe-inline':
  // a style nonce would switch that off and block React's style attributes.
  app.addHook("onRequest", async (_req, reply) => {
    (reply.raw as ResponseWithNonce).cspNonce = crypto.randomBytes(16).toString("base64");
  });
  // Google's sign-in button (only with GOOGLE_CLIENT_ID) loads its script, style and frame from Google.
  const googleSignIn = config.GOOGLE_CLIENT_ID
    ? { scripts: ["https://accounts.google.com/gsi/client"], styles: ["https://accounts.google.com/gsi/style"], frames: ["https://accounts.google.com/gsi/"] }
    : { scripts: [], styles: [], frames: [] };
  await app.register(helmet, {
    hsts: config.isProduction && Boolean(config.PUBLIC_URL?.startsWith("https")),
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", (_req, res) => `'nonce-${(res as ResponseWithNonce).cspNonce}'`, ...googleSignIn.scripts],
        imgSrc: ["'self'", "data:", "blob:"],
        styleSrc: ["'self'", "'unsafe-inline'", ...googleSignIn.styles],
        fontSrc: ["'self'", "data:"],
        connectSrc: ["'self'", ...googleSignIn.frames],
        frameSrc: ["'self'", "https://accept.paymob.com", ...googleSignIn.frames],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  // With REDIS_URL, every process behind a load balancer shares one count per client (DESIGN.md §7).
  const redis = config.REDIS_URL ? new Redis(config.REDIS_URL, { maxRetriesPerRequest: 1, enableOfflineQueue: false }) : undefined;
  if (redis) app.addHook("onClose", async () => void (await redis.quit()));
  await app.register(rateLimit, { global: false, redis, nameSpace: "azya-rl-" });
  await app.register(multipart, { limits: { fileSize: LIMITS.uploadMaxBytes, files: 5 } });
  await app.register(swagger, {
    openapi: { info: { title: "Azya shop API", version: "1.0.0" } },
    transform: jsonSchemaTransform,
  });

  registerAccess(app);
  registerErrorHandler(app);

  app.get("/healthz", async (_req, reply) => {
    await database.db.execute(sql`select 1`);
    return reply.send({ status: "ok" });
  });
  app.get("/api/docs", { config: { access: "public" } }, async () => app.swagger());

  await registerApi(app);

  fs.mkdirSync(config.uploadsDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: config.uploadsDir,
    prefix: "/uploads/",
    decorateReply: false,
    immutable: true,
    maxAge: "365d",
    index: false,
  });

  if (opts.clientDir && fs.existsSync(opts.clientDir)) {
    // Hashed build assets never change; the few unhashed files (favicon) are revalidated daily.
    await app.register(fastifyStatic, {
      root: opts.clientDir,
      prefix: "/",
      decorateReply: false,
      wildcard: false,
      index: false,
      cacheControl: false,
      setHeaders(reply, filePath) {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header("cache-control", hashed ? "public, max-age=31536000, immutable" : "public, max-age=86400");
      },
    });
  }

  if (opts.ssrBuild) await registerSsr(app, opts.ssrBuild, config.NODE_ENV);

  return app;
}
