import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { AppError } from "../errors";
import { isMessageKey, translate } from "@core/i18n";
import { classifyDbError } from "./db-errors";
import { answerUnknownApi } from "./request-guards";

/** Seconds a client should wait before retrying a 503 (the database reconnects within a few). */
export const RETRY_AFTER_SECONDS = 5;

/**
 * Every failure leaves as { message, requestId } in the caller's language (the id finds its log
 * lines: server/http/request-id.ts). Validation messages in the shared
 * zod schemas are i18n keys, so the API answers with the spec's wording in English or Arabic.
 * Every 5xx is logged with its error; its body never carries a stack trace.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    const lang = req.lang ?? "en";
    if (err instanceof AppError) {
      if (err.status === 503) reply.header("retry-after", String(RETRY_AFTER_SECONDS));
      return reply
        .status(err.status)
        .send({ message: translate(lang, err.key, err.vars), ...err.extra, requestId: req.id });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const errors = err.validation.map((v) => {
        const key = v.message ?? "";
        const path = (v.instancePath ?? "").replace(/^\//, "").replace(/\//g, ".");
        return { path, message: isMessageKey(key) ? translate(lang, key) : translate(lang, "validation.invalidInput") };
      });
      return reply
        .status(400)
        .send({ message: errors[0]?.message ?? translate(lang, "validation.invalidInput"), errors, requestId: req.id });
    }
    const db = classifyDbError(err);
    if (db === "unavailable") {
      req.log.error({ err }, "database unavailable");
      return reply
        .status(503)
        .header("retry-after", String(RETRY_AFTER_SECONDS))
        .send({ message: translate(lang, "validation.serviceUnavailable"), requestId: req.id });
    }
    if (db === "bad_text")
      return reply.status(400).send({ message: translate(lang, "validation.invalidCharacters"), requestId: req.id });
    if (db === "bad_value")
      return reply.status(400).send({ message: translate(lang, "validation.invalidInput"), requestId: req.id });

    const status = err.statusCode ?? 500;
    if (status === 413) return tooLarge(req, reply, translate(lang, "validation.tooLarge"));
    if (status === 405)
      return reply.status(405).send({ message: translate(lang, "validation.methodNotAllowed"), requestId: req.id });
    if (status === 415)
      return reply.status(415).send({ message: translate(lang, "validation.unsupportedMediaType"), requestId: req.id });
    if (status === 429)
      return reply.status(429).send({ message: translate(lang, "validation.tooManyRequests"), requestId: req.id });
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ message: translate(lang, "validation.invalidInput"), requestId: req.id });
    }
    req.log.error({ err }, "unhandled error");
    if (status === 503) {
      reply.header("retry-after", String(RETRY_AFTER_SECONDS));
      return reply.status(503).send({ message: translate(lang, "validation.serviceUnavailable"), requestId: req.id });
    }
    return reply.status(500).send({ message: translate(lang, "validation.anErrorOccurred"), requestId: req.id });
  });

  app.setNotFoundHandler((req, reply) => {
    if (req.url.startsWith("/api/")) return answerUnknownApi(app, req, reply);
    reply.status(404).send({ message: translate(req.lang ?? "en", "validation.notFound"), requestId: req.id });
  });
}

/**
 * A body over the limit: the connection is closed after the 413, once what is left of a body up to
 * DRAIN_LIMIT has been read, so that the client hears the 413 instead of a reset (unread-body.ts).
 */
function tooLarge(req: FastifyRequest, reply: FastifyReply, message: string) {
  reply.header("connection", "close");
  return reply.status(413).send({ message, requestId: req.id });
}
