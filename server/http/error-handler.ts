import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { isAppError } from "../errors";
import { isMessageKey, translate } from "~/i18n";

/**
 * Every failure leaves as { message } in the caller's language. Validation messages in the shared
 * zod schemas are i18n keys, so the API answers with the spec's wording in English or Arabic.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    const lang = req.lang ?? "en";
    if (isAppError(err)) {
      return reply.status(err.status).send({ message: translate(lang, err.key, err.vars), ...err.extra });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const errors = err.validation.map((v) => {
        const key = v.message ?? "";
        const path = (v.instancePath ?? "").replace(/^\//, "").replace(/\//g, ".");
        return { path, message: isMessageKey(key) ? translate(lang, key) : translate(lang, "validation.invalidInput") };
      });
      return reply.status(400).send({ message: errors[0]?.message ?? translate(lang, "validation.invalidInput"), errors });
    }
    const status = err.statusCode ?? 500;
    if (status === 413) return reply.status(413).send({ message: translate(lang, "validation.tooLarge") });
    if (status === 415) return reply.status(415).send({ message: translate(lang, "validation.unsupportedMediaType") });
    if (status === 429) return reply.status(429).send({ message: translate(lang, "validation.tooManyRequests") });
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ message: translate(lang, "validation.invalidInput") });
    }
    req.log.error({ err }, "unhandled error");
    return reply.status(500).send({ message: translate(lang, "validation.anErrorOccurred") });
  });

  app.setNotFoundHandler((req, reply) => {
    reply.status(404).send({ message: translate(req.lang ?? "en", "validation.notFound") });
  });
}
