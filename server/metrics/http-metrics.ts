/**
 * Request rate and latency per route (decision 263). The route is the pattern Fastify matched
 * (`/api/products/:id`), never the URL asked for: random URLs must not add series (memory) to the
 * registry. Pages all go through the one SSR route (`/*`); a request no route matched is
 * "unmatched". Methods outside the usual few count as "OTHER".
 */
import type { FastifyInstance } from "fastify";
import { metrics } from "./registry";

const requests = metrics.counter(
  "azya_http_requests_total",
  "HTTP requests answered, by route pattern and status class",
  ["method", "route", "status"],
);
const duration = metrics.histogram(
  "azya_http_request_duration_seconds",
  "Time to answer an HTTP request (seconds), by route pattern",
  ["method", "route"],
);

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

export function registerHttpMetrics(app: FastifyInstance) {
  app.addHook("onResponse", async (req, reply) => {
    const method = METHODS.has(req.method) ? req.method : "OTHER";
    const route = req.routeOptions.url ?? "unmatched";
    requests.inc({ method, route, status: `${Math.floor(reply.statusCode / 100)}xx` });
    duration.observe({ method, route }, reply.elapsedTime / 1000);
  });
}
