/**
 * The OpenAPI document's view of each route: zod schemas as JSON Schema (fastify-type-provider-zod),
 * and an upload (an operation with `multipart: true`) described as the form it takes. Its body has no
 * zod schema, because the handler reads the parts itself under the limits of server/http/multipart.ts;
 * this body only documents it and never validates a request.
 */
import { jsonSchemaTransform } from "fastify-type-provider-zod";

/** Every upload of the shop is one file in the field `file` (server/http/multipart.ts). */
const UPLOAD_FORM = {
  type: "object",
  required: ["file"],
  properties: { file: { type: "string", format: "binary", description: "The file, as a form's file field" } },
};

export const openApiTransform: typeof jsonSchemaTransform = (input) => {
  const out = jsonSchemaTransform(input);
  // Routes without a schema (the static files) have none to add to.
  const schema = out.schema as { consumes?: string[]; body?: unknown } | undefined;
  if (schema?.consumes?.includes("multipart/form-data") && !schema.body) {
    return { ...out, schema: { ...out.schema, body: UPLOAD_FORM } };
  }
  return out;
};
