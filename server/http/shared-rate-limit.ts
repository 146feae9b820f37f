/**
 * Rate limits that two doors share: `POST /api/login` and the sign-in form posted to the /auth page
 * without scripts; `POST /api/order/id` and the /orders tracking form sent as a plain GET. Each pair
 * counts one client address in one store (Redis when configured, as every other limit), so the
 * door without scripts is never a way around the API's limit (decision 200).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { normalizeIP } from "@fastify/rate-limit";
import { AppError } from "../errors";
import { rateLimit } from "./rate-limit";

/** Requests a minute from one address (scaled by RATE_LIMIT_SCALE, as every limit). */
export const SHARED_LIMITS = { login: 10, trackOrder: 20 } as const;
export type SharedLimitName = keyof typeof SHARED_LIMITS;

export interface LimitVerdict {
  allowed: boolean;
  retryAfterSeconds: number;
}
/** Counts one request from `ip` against the named limit. */
export type SharedLimits = Record<SharedLimitName, (ip: string) => Promise<LimitVerdict>>;

declare module "fastify" {
  interface FastifyInstance {
    sharedLimits: SharedLimits;
  }
}

/** After @fastify/rate-limit (its store and `createRateLimit`), before the routes. */
export function registerSharedLimits(app: FastifyInstance) {
  const limits = {} as SharedLimits;
  for (const name of Object.keys(SHARED_LIMITS) as SharedLimitName[]) {
    const check = app.createRateLimit({
      ...rateLimit(app.deps.config, SHARED_LIMITS[name]),
      // The name keeps the two limits apart in one store; IPv6 counts by its /64, as the plugin's own key.
      keyGenerator: (req) => `${name}:${normalizeIP(req.ip)}`,
    });
    limits[name] = async (ip) => {
      // The plugin reads only the address and the route's options from the request it is given.
      const verdict = await check({ ip, routeOptions: {} } as FastifyRequest);
      if (verdict.isAllowed) return { allowed: true, retryAfterSeconds: 0 };
      return { allowed: !verdict.isExceeded, retryAfterSeconds: verdict.ttlInSeconds };
    };
  }
  app.decorate("sharedLimits", limits);
}

/** The API's side: an onRequest hook that answers 429 (with Retry-After) past the limit, before the body is read. */
export function sharedLimitHook(app: FastifyInstance, name: SharedLimitName) {
  return async (req: FastifyRequest, reply: FastifyReply) => {
    const verdict = await app.sharedLimits[name](req.ip);
    if (verdict.allowed) return;
    reply.header("retry-after", String(verdict.retryAfterSeconds));
    throw new AppError("rate_limited", "validation.tooManyRequests");
  };
}
