/**
 * Checks every request passes before any handler sees it, and the answers for paths no route
 * serves. A NUL character is never valid shop text and PostgreSQL refuses it mid-query (a 500
 * before this check), so it is refused up front in the query, the path parameters and the body.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "../errors";

/** Methods no page or API route answers; Node's fetch cannot even build a Request for them. */
const REFUSED_METHODS = new Set(["TRACE", "TRACK", "CONNECT"]);
export const PAGE_METHODS = "GET, HEAD, POST";
export const PAGE_METHOD_SET: ReadonlySet<string> = new Set(PAGE_METHODS.split(", "));

function hasNul(value: unknown, depth = 0): boolean {
  if (typeof value === "string") return value.includes("\u0000");
  if (depth > 32 || value === null || typeof value !== "object") return false;
  if (Buffer.isBuffer(value) || typeof (value as { pipe?: unknown }).pipe === "function") return false; // raw bodies
  for (const [key, v] of Object.entries(value)) if (key.includes("\u0000") || hasNul(v, depth + 1)) return true;
  return false;
}

export function registerRequestGuards(app: FastifyInstance) {
  app.addHook("onRequest", async (req, reply) => {
    if (REFUSED_METHODS.has(req.method)) {
      reply.header(
        "allow",
        req.url.startsWith("/api/") ? allowedApiMethods(app, pathOf(req.url)).join(", ") : PAGE_METHODS,
      );
      throw new AppError("method_not_allowed", "validation.methodNotAllowed");
    }
    // biome-ignore lint/suspicious/noControlCharactersInRegex: a NUL byte is exactly what this refuses.
    if (/%00|\u0000/i.test(req.url)) throw new AppError("bad_input", "validation.invalidCharacters");
  });
  app.addHook("preValidation", async (req) => {
    if (hasNul(req.query) || hasNul(req.params) || hasNul(req.body))
      throw new AppError("bad_input", "validation.invalidCharacters");
  });
}

const pathOf = (url: string) => url.split("?")[0] ?? url;

/**
 * Whether a route's URL ("/api/products/:id", "/api/files/*") serves a concrete path, segment by
 * segment: no pattern built at run time, so nothing here can backtrack (tests/unit/redos.test.ts).
 */
function routeServes(routeUrl: string, path: string): boolean {
  const want = routeUrl.split("/");
  const got = (path.length > 1 && path.endsWith("/") ? path.slice(0, -1) : path).split("/");
  for (let i = 0; i < want.length; i++) {
    const w = want[i]!;
    if (w === "*") return i <= got.length;
    if (i >= got.length) return false;
    if (w.startsWith(":")) {
      if (got[i] === "") return false;
    } else if (w !== got[i]) return false;
  }
  return want.length === got.length;
}

/** The methods the API serves at a concrete path, from the routes' URLs ("/api/products/:id"). */
export function allowedApiMethods(app: FastifyInstance, path: string): string[] {
  const methods = new Set(app.apiRoutes.filter((r) => routeServes(r.url, path)).map((r) => r.method));
  if (methods.has("GET")) methods.add("HEAD");
  return [...methods];
}

/** An /api path no route serves: JSON 404, or 405 with Allow when the path exists for other methods. */
export function answerUnknownApi(app: FastifyInstance, req: FastifyRequest, reply: FastifyReply): never {
  const allowed = allowedApiMethods(app, pathOf(req.url));
  // The method is served here but the router refused the path (a parameter over 100 characters).
  if (allowed.length && !allowed.includes(req.method)) {
    reply.header("allow", allowed.join(", "));
    throw new AppError("method_not_allowed", "validation.methodNotAllowed");
  }
  throw new AppError("not_found", "validation.notFound");
}
