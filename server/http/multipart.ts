import multipart from "@fastify/multipart";
import type { FastifyInstance } from "fastify";
import { LIMITS } from "@core/constants";

/**
 * Multipart bodies (uploads, the contact form's attachment, the CSV import), registered only in the
 * route modules that take them: the plugin adds two hooks to every request of its scope, which the
 * shop's hot paths (listing, product, pages) have no use for.
 */
export async function registerMultipart(scope: FastifyInstance): Promise<void> {
  await scope.register(multipart, { limits: { fileSize: LIMITS.uploadMaxBytes, files: 5 } });
}
