/**
 * Liveness and readiness for a process manager or load balancer (decision 261).
 *
 * - GET /healthz: the process answers. It never touches the database, so a database outage or a
 *   long migration does not get a healthy process restarted (a restart would not help).
 * - GET /readyz: this process may be sent traffic: start-up (migrations and seeding, possibly
 *   waiting for another process to finish them) is over, and the database answers within
 *   READY_DB_TIMEOUT_MS. Otherwise 503.
 *
 * The server listens before start-up is over, so both answer from the first moment; every other
 * request meanwhile answers 503 with Retry-After (the schema may not exist yet).
 */
import type { FastifyInstance } from "fastify";
import { sql } from "drizzle-orm";
import { translate } from "@core/i18n";
import { RETRY_AFTER_SECONDS } from "./error-handler";

const READY_DB_TIMEOUT_MS = 2000;

/** Paths answered while the process is still starting. */
const ALWAYS_ANSWERED = new Set(["/healthz", "/readyz", "/metrics"]);

export interface Readiness {
  /** False until start-up (migrations and seeding) is over. */
  readonly started: boolean;
  markStarted(): void;
}

declare module "fastify" {
  interface FastifyInstance {
    readiness: Readiness;
  }
}

export function registerHealth(app: FastifyInstance, { started }: { started: boolean }) {
  let isStarted = started;
  app.decorate("readiness", {
    get started() {
      return isStarted;
    },
    markStarted() {
      isStarted = true;
    },
  });

  app.addHook("onRequest", async (req, reply) => {
    if (isStarted || ALWAYS_ANSWERED.has(req.url.split("?")[0] ?? "")) return;
    return reply
      .status(503)
      .header("retry-after", String(RETRY_AFTER_SECONDS))
      .header("cache-control", "no-store")
      .send({ message: translate(req.lang ?? "en", "validation.serviceUnavailable"), requestId: req.id });
  });

  app.get("/healthz", async (_req, reply) => reply.header("cache-control", "no-store").send({ status: "ok" }));

  app.get("/readyz", async (_req, reply) => {
    reply.header("cache-control", "no-store");
    if (!isStarted) return reply.status(503).send({ status: "starting" });
    const reachable = await withTimeout(app.deps.db.execute(sql`select 1`), READY_DB_TIMEOUT_MS).then(
      () => true,
      () => false,
    );
    return reachable
      ? reply.send({ status: "ready" })
      : reply.status(503).header("retry-after", String(RETRY_AFTER_SECONDS)).send({ status: "database unreachable" });
  });
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
