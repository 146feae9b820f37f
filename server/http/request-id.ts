/**
 * One id per request, to find everything a request did in the logs (decision 264).
 *
 * - An `X-Request-Id` from the caller (a load balancer, a proxy) is kept when it is short and made
 *   of safe characters; anything else is replaced by a fresh UUID, so a caller cannot write line
 *   breaks or megabytes into the logs through it.
 * - The reply carries it in `X-Request-Id`, and every error body as `requestId`.
 * - Every log line written while the request runs carries it: Fastify's `req.log` binds it, and
 *   the services' `deps.log` (the app's root logger) gets it from the request's async context
 *   through the logger's mixin.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import crypto from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { FastifyInstance } from "fastify";

export const REQUEST_ID_HEADER = "x-request-id";
/** What the logs and error bodies call it. */
export const REQUEST_ID_LOG_KEY = "requestId";
const SAFE_ID = /^[A-Za-z0-9._:-]{1,64}$/;

const context = new AsyncLocalStorage<{ requestId: string }>();

/** Fastify's `genReqId`: the caller's id when it is safe, else a new one. */
export function requestIdFor(raw: IncomingMessage): string {
  const given = raw.headers[REQUEST_ID_HEADER];
  return typeof given === "string" && given.length <= 64 && SAFE_ID.test(given) ? given : crypto.randomUUID();
}

/**
 * The logger's mixin: the id of the request being served, for lines logged outside `req.log`.
 * A line through `req.log` already has it bound (the same key, the same value).
 */
export function requestIdMixin(_merge: object, _level: number, logger?: { bindings(): Record<string, unknown> }) {
  const store = context.getStore();
  if (!store) return {};
  if (logger && REQUEST_ID_LOG_KEY in logger.bindings()) return {};
  return { [REQUEST_ID_LOG_KEY]: store.requestId };
}

/** Echoes the id and runs the rest of the request inside its async context. */
export function registerRequestId(app: FastifyInstance) {
  app.addHook("onRequest", (req, reply, done) => {
    reply.header(REQUEST_ID_HEADER, req.id);
    context.run({ requestId: req.id }, done);
  });
}
