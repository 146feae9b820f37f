/**
 * How long a connection may take. Fastify's defaults never time a request out, so a client sending
 * one byte every ten seconds held a connection (and its memory) for minutes; a few hundred of them
 * exhaust the server's sockets. A request's headers and body must now arrive within
 * REQUEST_TIMEOUT_MS, its headers alone within 10 s, and an idle socket is closed.
 */
import type { Server } from "node:http";
import type { FastifyInstance, FastifyServerOptions } from "fastify";
import type { Config } from "../config";

export function serverTimeouts(
  config: Config,
): Pick<FastifyServerOptions, "requestTimeout" | "connectionTimeout" | "keepAliveTimeout"> {
  return {
    requestTimeout: config.REQUEST_TIMEOUT_MS,
    // A socket silent this long is closed (a slow reader of a big page still counts as activity).
    connectionTimeout: Math.max(config.REQUEST_TIMEOUT_MS, config.KEEP_ALIVE_TIMEOUT_MS) + 1000,
    keepAliveTimeout: config.KEEP_ALIVE_TIMEOUT_MS,
  };
}

/** What Fastify's options do not cover, set on the Node server before it listens. */
export function applyServerTimeouts(app: FastifyInstance, config: Config): void {
  // connectionsCheckingInterval is a constructor option Node keeps as a property and reads at listen().
  const server = app.server as Server & { connectionsCheckingInterval: number };
  server.headersTimeout = Math.min(10_000, config.REQUEST_TIMEOUT_MS);
  // Node checks the request and headers timeouts on this interval (30 s by default, letting them overrun).
  server.connectionsCheckingInterval = Math.min(1000, Math.max(100, Math.floor(config.REQUEST_TIMEOUT_MS / 4)));
}
