/**
 * Hands every non-API path to React Router's server build. Fastify's request becomes a Web
 * Request; the load context carries the same service dependencies the API uses.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { Readable } from "node:stream";
import { createRequestHandler, type ServerBuild } from "react-router";
import { COOKIES } from "@core/constants";
import type { AppLoadContextValue } from "~/load-context";
import crypto from "node:crypto";
import { createRenderGate } from "./render-gate";

export async function registerSsr(app: FastifyInstance, build: ServerBuild, mode: string) {
  const handle = createRequestHandler(build, mode);
  const gate = createRenderGate(app.deps.config.SSR_CONCURRENCY);

  await app.register(async (scope) => {
    // Form posts reach React Router's actions untouched.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", (_req, payload, done) => done(null, payload));

    scope.all("/*", async (req: FastifyRequest, reply: FastifyReply) => {
      await gate.enter();
      // 'close' comes once the page is sent, or when the visitor goes away mid-page.
      let left = false;
      const leave = () => {
        if (!left) (left = true), gate.leave();
      };
      if (req.raw.socket.destroyed) {
        // The visitor left while waiting: no page to render, and its 'close' has already passed.
        leave();
        return reply.hijack();
      }
      reply.raw.once("close", leave);
      try {
        return await renderPage(req, reply);
      } catch (err) {
        leave();
        throw err;
      }
    });
  });

  /** One page through React Router, with the same services the API uses in its load context. */
  async function renderPage(req: FastifyRequest, reply: FastifyReply) {
    const request = toWebRequest(req);
    const nonce = crypto.randomBytes(16).toString("base64");
    const context: AppLoadContextValue = {
      deps: app.deps,
      user: await req.currentUser(),
      lang: req.lang,
      theme: req.theme,
      sidebarOpen: req.cookies?.[COOKIES.sidebar] === "true",
      nonce,
    };
    const response = await handle(request, context as never);
    if (response.headers.get("content-type")?.startsWith("text/html")) reply.header("content-security-policy", app.pageCsp(nonce));
    return sendWebResponse(reply, response);
  }
}

function toWebRequest(req: FastifyRequest): Request {
  const origin = `${req.protocol}://${req.headers.host ?? "localhost"}`;
  const url = new URL(req.url, origin);
  const controller = new AbortController();
  req.raw.on("close", () => controller.abort());
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) value.forEach((v) => headers.append(key, v));
    else if (value !== undefined) headers.set(key, String(value));
  }
  const hasBody = req.method !== "GET" && req.method !== "HEAD" && req.body;
  return new Request(url, {
    method: req.method,
    headers,
    signal: controller.signal,
    body: hasBody ? (Readable.toWeb(req.body as Readable) as ReadableStream) : undefined,
    // @ts-expect-error Node's fetch needs duplex for a streamed body; the DOM type lacks it.
    duplex: hasBody ? "half" : undefined,
  });
}

async function sendWebResponse(reply: FastifyReply, response: Response) {
  reply.status(response.status);
  for (const [key, value] of response.headers) {
    if (key === "set-cookie") continue;
    reply.header(key, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length) reply.header("set-cookie", cookies);
  if (!response.body) return reply.send();
  return reply.send(Readable.fromWeb(response.body as import("node:stream/web").ReadableStream));
}
