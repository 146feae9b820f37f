/**
 * One API operation = one contract: method, path, who may call it, the request schemas and the
 * reply schema, declared once in the module's `contract.ts`. The server mounts the route from it
 * (`mountOperation`), the OpenAPI document describes it from it, and the browser calls it through
 * `app/lib/api-client.ts`, typed by it (a type-only import: no schema reaches the browser bundle).
 *
 * The reply schema describes what goes over the wire (JSON: dates are ISO strings). In tests
 * every reply is checked against it (see `replyChecker`), so a schema cannot drift from the code.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from "fastify";
import type { z } from "zod";
import type { Access } from "./access";

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface OperationSpec {
  method: Method;
  /** Under /api, in Fastify's syntax (`/products/:id`). */
  path: string;
  access: Access;
  /** One line for the API reference. */
  summary: string;
  params?: z.ZodType;
  query?: z.ZodType;
  /** A JSON body; for a file upload set `multipart` instead (the route reads the parts itself). */
  body?: z.ZodType;
  multipart?: true;
  /** The success reply, as sent. */
  reply: z.ZodType;
  /**
   * A reply that is a file, not JSON (the handler sends the bytes); `reply` then describes the body.
   * `application/octet-stream` stands for a file whose type the handler sets from its content.
   */
  produces?: "application/pdf" | "application/octet-stream";
  /** The success status when it is not 200. */
  status?: 201 | 202;
}

/** Declares an operation; the literal types (method, path, schemas) are kept for the client. */
export const defineOperation = <const S extends OperationSpec>(spec: S): S => spec;

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

/** A reply as a handler may return it: anything JSON turns into the wire type (a Date for a string). */
export type Serializable<T> = T extends string
  ? T | Date
  : T extends readonly (infer U)[]
    ? Serializable<U>[]
    : T extends object
      ? { [K in keyof T]: Serializable<T[K]> }
      : T;

export type OperationRequest<S extends OperationSpec> = FastifyRequest<{
  Params: Out<S["params"]>;
  Querystring: Out<S["query"]>;
  Body: Out<S["body"]>;
}>;

export type OperationHandler<S extends OperationSpec> = (
  req: OperationRequest<S>,
  reply: FastifyReply,
) => Promise<Serializable<z.output<S["reply"]>> | FastifyReply> | Serializable<z.output<S["reply"]>> | FastifyReply;

/**
 * Route options that stay on the server (rate limits, hooks); the contract holds the rest.
 * `preValidation` sees the raw body before the contract's schema (a form's own message for a body
 * the schema could only call invalid: the discount's missing target, decision 136).
 */
export type ServerOptions = Pick<RouteShorthandOptions, "onRequest" | "preValidation" | "preHandler" | "bodyLimit"> & {
  config?: { rateLimit?: unknown };
};

/**
 * Mounts one operation. `id` names it in the API reference (`module.operation`); the access
 * check of server/http/access.ts reads `config.access` as for every route.
 */
export function mountOperation<S extends OperationSpec>(
  app: FastifyInstance,
  id: string,
  op: S,
  handler: OperationHandler<S>,
  server: ServerOptions = {},
) {
  const status = op.status ?? 200;
  app.route({
    method: op.method,
    url: op.path,
    ...server,
    config: { ...server.config, access: op.access } as never,
    schema: {
      operationId: id,
      tags: [id.split(".")[0]!],
      summary: op.summary,
      ...(op.params ? { params: op.params } : {}),
      ...(op.query ? { querystring: op.query } : {}),
      ...(op.body ? { body: op.body } : {}),
      ...(op.multipart ? { consumes: ["multipart/form-data"] } : {}),
      response: {
        [status]: op.produces
          ? { description: op.summary, content: { [op.produces]: { schema: op.reply } } }
          : op.reply,
      },
    },
    handler: async (req, reply) => {
      const result = await handler(req as never, reply);
      if (result === reply) return reply;
      if (status !== 200) reply.status(status);
      return result;
    },
  });
}

/** Mounts every operation of a module's contract with its handler (names match by key). */
export function mountContract<C extends Record<string, OperationSpec>>(
  app: FastifyInstance,
  module: string,
  contract: C,
  handlers: { [K in keyof C]: OperationHandler<C[K]> | [OperationHandler<C[K]>, ServerOptions] },
) {
  for (const [name, op] of Object.entries(contract)) {
    const entry = handlers[name as keyof C];
    const [handler, server] = Array.isArray(entry) ? entry : [entry, {}];
    mountOperation(app, `${module}.${name}`, op, handler as OperationHandler<OperationSpec>, server);
  }
}
