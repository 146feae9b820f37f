import type { FastifyInstance } from "fastify";
import helmet, { type HelmetOptions } from "helmet";

/**
 * Helmet's headers, worked out once at boot and copied onto every reply. @fastify/helmet builds
 * Helmet's whole middleware chain again on every request (it showed as 3% of the CPU of a product
 * listing); the headers never change between requests, so they are computed here a single time.
 * HTML pages replace the Content-Security-Policy with their own, nonce-carrying one (ssr.ts).
 */
export function securityHeaders(options: HelmetOptions): [string, string][] {
  const headers: [string, string][] = [];
  const response = {
    setHeader(name: string, value: string | number) {
      headers.push([name.toLowerCase(), String(value)]);
    },
    removeHeader() {},
  };
  helmet(options)({} as never, response as never, (err?: unknown) => {
    if (err) throw err;
  });
  return headers;
}

export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const headers = securityHeaders(options);
  app.addHook("onRequest", (_req, reply, done) => {
    for (const [name, value] of headers) reply.header(name, value);
    done();
  });
}
