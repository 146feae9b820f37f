/**
 * GET /metrics for Prometheus, only with `Authorization: Bearer <METRICS_TOKEN>` (decision 263).
 * Without METRICS_TOKEN the route does not exist (404, like any unknown path): figures such as
 * orders placed are business data, and an operator who wants them sets a token. The token is
 * compared in constant time (digests of equal length), so its characters cannot be guessed one by
 * one from response times.
 */
import crypto from "node:crypto";
import type { FastifyInstance } from "fastify";
import { AppError } from "../errors";
import { metrics } from "./registry";

const digest = (value: string) => crypto.createHash("sha256").update(value).digest();

export function registerMetricsEndpoint(app: FastifyInstance, token: string | undefined) {
  if (!token) return;
  const expected = digest(`Bearer ${token}`);
  app.get("/metrics", async (req, reply) => {
    const given = req.headers.authorization;
    reply.header("cache-control", "no-store");
    if (typeof given !== "string" || given.length > 1024 || !crypto.timingSafeEqual(digest(given), expected)) {
      reply.header("www-authenticate", 'Bearer realm="metrics"');
      throw new AppError("unauthenticated", "validation.unauthenticated");
    }
    return reply.type("text/plain; version=0.0.4; charset=utf-8").send(await metrics.render());
  });
}
