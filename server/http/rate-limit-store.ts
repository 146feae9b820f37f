/**
 * The rate-limit store: Redis when it answers (every process shares one count per client), the
 * process's own memory when it does not. A Redis outage must never turn sign-in or checkout into a
 * 500, nor switch the limits off (`skipOnError` would); each process then counts alone, which at
 * worst multiplies a limit by the number of processes until Redis is back (decision 105).
 */
import { createRequire } from "node:module";
import type { FastifyBaseLogger } from "fastify";
import type { Redis } from "ioredis";
import type { FastifyRateLimitStoreCtor } from "@fastify/rate-limit";
import { throttledLog } from "./throttled-log";

type Callback = (err: Error | null, res: { current: number; ttl: number } | null) => void;
interface Store {
  incr(key: string, cb: Callback, timeWindow: number, max: number): void;
  read?(key: string, cb: Callback, timeWindow: number, max: number): void;
  child(routeOptions: RouteOptions): Store;
}
interface RouteOptions {
  continueExceeding: boolean;
  exponentialBackoff: boolean;
  cache?: number;
  routeInfo: { method: string; url: string };
}
type StoreClass = new (...args: unknown[]) => Store;

// The plugin's own stores (CommonJS, not in its typed exports): the same counting as without the fallback.
const require = createRequire(import.meta.url);
const RedisStore = require("@fastify/rate-limit/store/RedisStore.js") as StoreClass;
const LocalStore = require("@fastify/rate-limit/store/LocalStore.js") as StoreClass;

/**
 * The plugin's LocalStore answers with its own mutable record, and the plugin reads the count from
 * it only after a promise resolves: in a burst from one address every request then read the count
 * of the whole burst, and all of them were refused (20 parallel requests to a route allowing 5: 20
 * refusals, none served). Each answer is copied as it is given.
 */
class SnapshotStore implements Store {
  constructor(private readonly inner: Store) {}

  incr(key: string, cb: Callback, timeWindow: number, max: number) {
    this.inner.incr(key, snapshot(cb), timeWindow, max);
  }

  read(key: string, cb: Callback, timeWindow: number, max: number) {
    this.inner.read!(key, snapshot(cb), timeWindow, max);
  }

  child(routeOptions: RouteOptions): Store {
    return new SnapshotStore(this.inner.child(routeOptions));
  }
}

const snapshot =
  (cb: Callback): Callback =>
  (err, res) =>
    cb(err, res ? { current: res.current, ttl: res.ttl } : res);

class FallbackStore implements Store {
  constructor(
    private readonly redis: Redis,
    private readonly remote: Store,
    private readonly local: Store,
    private readonly report: (err: unknown, msg: string) => void,
  ) {}

  incr(key: string, cb: Callback, timeWindow: number, max: number) {
    this.run("incr", key, cb, timeWindow, max);
  }

  read(key: string, cb: Callback, timeWindow: number, max: number) {
    this.run("read", key, cb, timeWindow, max);
  }

  private run(method: "incr" | "read", key: string, cb: Callback, timeWindow: number, max: number) {
    const local = () => this.local[method]!(key, cb, timeWindow, max);
    // While the connection is down, do not even try: the answer would only be an error.
    if (this.redis.status !== "ready") return local();
    this.remote[method]!(
      key,
      (err, res) => {
        if (!err) return cb(null, res);
        this.report(err, "rate limits: Redis failed, counting in this process until it is back");
        local();
      },
      timeWindow,
      max,
    );
  }

  child(routeOptions: RouteOptions): Store {
    return new FallbackStore(this.redis, this.remote.child(routeOptions), this.local.child(routeOptions), this.report);
  }
}

/** A `store` class for @fastify/rate-limit (it calls `new Store(globalParams)`). */
export function fallbackStore(redis: Redis, nameSpace: string, log: FastifyBaseLogger): FastifyRateLimitStoreCtor {
  const report = throttledLog(log);
  redis.on("error", (err) =>
    report(err, "rate limits: Redis is unreachable, counting in this process until it is back"),
  );
  return class {
    // A constructor may return another object: the plugin gets the FallbackStore built here.
    constructor(params: { continueExceeding: boolean; exponentialBackoff: boolean }) {
      const remote = new RedisStore(params.continueExceeding, params.exponentialBackoff, redis, nameSpace);
      const local = new SnapshotStore(new LocalStore(params.continueExceeding, params.exponentialBackoff));
      // biome-ignore lint/correctness/noConstructorReturn: the plugin only takes a class; this one hands over the store built here.
      return new FallbackStore(redis, remote, local, report);
    }
  } as unknown as FastifyRateLimitStoreCtor;
}

/** The `store` class without Redis: the plugin's own memory store, its answers copied (see SnapshotStore). */
export function localStore(): FastifyRateLimitStoreCtor {
  return class {
    constructor(params: { continueExceeding: boolean; exponentialBackoff: boolean }) {
      // biome-ignore lint/correctness/noConstructorReturn: the plugin only takes a class; this one hands over the store built here.
      return new SnapshotStore(new LocalStore(params.continueExceeding, params.exponentialBackoff));
    }
  } as unknown as FastifyRateLimitStoreCtor;
}
