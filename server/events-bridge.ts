/**
 * Carries server/events.ts across processes (decision 262). Behind a load balancer each process
 * keeps its own catalogue memo (and page cache); a write on one must clear them on all, at once
 * rather than after their time to live.
 *
 * Transport: Redis pub/sub when REDIS_URL is set (the rate limits already share it), else
 * PostgreSQL LISTEN/NOTIFY on the shop's own database. Either way one channel, EVENTS_CHANNEL.
 * A message is { o: origin, n: event, p: payload } as JSON; a process ignores its own echo (its
 * listeners already ran inside `emit`) and anything it does not recognise. A listening connection
 * that was lost may have missed messages: once it is back, every listener hears "resync" and
 * forgets what it kept. PGlite is one process: nothing to bridge.
 */
import crypto from "node:crypto";
import pg from "pg";
import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "./config";
import type { Database } from "./db/client";
import { EVENT_PAYLOADS, receive, relayEvents, type ServerEvents } from "./events";
import { throttledLog } from "./http/throttled-log";

/** PostgreSQL refuses NOTIFY payloads from 8000 bytes; ours are a few dozen. */
const MAX_MESSAGE = 7900;
const RECONNECT_MS = [250, 1000, 2000, 5000];

export interface EventsBridge {
  readonly transport: "postgres" | "redis";
  close(): Promise<void>;
}

interface Message {
  o: string;
  n: string;
  p: unknown;
}

interface Transport {
  publish(text: string): Promise<unknown>;
  close(): Promise<void>;
}

/** Starts the bridge where other processes can share the database; null on PGlite. */
export async function startEventsBridge(
  config: Config,
  database: Database,
  log: FastifyBaseLogger,
): Promise<EventsBridge | null> {
  if (database.driver !== "postgres" || !config.DATABASE_URL) return null;
  const origin = crypto.randomUUID();
  const channel = config.EVENTS_CHANNEL;
  const failed = throttledLog(log, 30_000);

  const deliver = (text: string) => {
    if (text.length > MAX_MESSAGE) return;
    let message: Message;
    try {
      message = JSON.parse(text) as Message;
    } catch {
      return;
    }
    if (!message || message.o === origin || typeof message.n !== "string") return;
    const name = message.n as keyof ServerEvents;
    if (!Object.hasOwn(EVENT_PAYLOADS, name) || !EVENT_PAYLOADS[name](message.p)) return;
    receive(name, message.p);
  };
  const resync = () => receive("catalogue.changed", { reason: "resync" });

  const transport: Transport = config.REDIS_URL
    ? await redisTransport(config.REDIS_URL, channel, deliver, resync, failed)
    : await postgresTransport(config.DATABASE_URL, database, channel, deliver, resync, failed);

  const stopRelaying = relayEvents((name, payload) => {
    const text = JSON.stringify({ o: origin, n: name, p: payload } satisfies Message);
    transport.publish(text).catch((err) => failed(err, "could not tell the other processes of an event"));
  });
  return {
    transport: config.REDIS_URL ? "redis" : "postgres",
    async close() {
      stopRelaying();
      await transport.close();
    },
  };
}

/**
 * LISTEN needs a session of its own (a pooled connection goes back to the pool and stops hearing);
 * NOTIFY goes through the pool. A lost listening session is opened again, then "resync".
 */
async function postgresTransport(
  url: string,
  database: Database,
  channel: string,
  deliver: (text: string) => void,
  resync: () => void,
  failed: (err: unknown, msg: string) => void,
): Promise<Transport> {
  let client: pg.Client | null = null;
  let closed = false;
  let attempt = 0;
  let timer: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: url });
    client = c;
    c.on("notification", (msg) => {
      if (msg.channel === channel && msg.payload) deliver(msg.payload);
    });
    c.on("error", (err) => failed(err, "lost the connection that hears the other processes' events"));
    c.on("end", () => {
      if (client === c) retry();
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${c.escapeIdentifier(channel)}`);
    } catch (err) {
      failed(err, "could not listen for the other processes' events");
      await c.end().catch(() => {});
      retry();
      return;
    }
    if (attempt > 0) resync();
    attempt = 0;
  };
  const retry = () => {
    if (closed || timer) return;
    const wait = RECONNECT_MS[Math.min(attempt++, RECONNECT_MS.length - 1)];
    timer = setTimeout(() => {
      timer = undefined;
      void connect();
    }, wait);
    timer.unref();
  };

  await connect();
  return {
    publish: (text) => database.db.execute(sql`select pg_notify(${channel}, ${text})`),
    async close() {
      closed = true;
      clearTimeout(timer);
      const c = client;
      client = null;
      await c?.end().catch(() => {});
    },
  };
}

/** A subscribed connection cannot publish: one connection each. ioredis subscribes again after a reconnect. */
async function redisTransport(
  url: string,
  channel: string,
  deliver: (text: string) => void,
  resync: () => void,
  failed: (err: unknown, msg: string) => void,
): Promise<Transport> {
  const { Redis } = await import("ioredis");
  const publisher = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false });
  const subscriber = new Redis(url, { maxRetriesPerRequest: null });
  publisher.on("error", (err) => failed(err, "Redis (events out) is unreachable"));
  subscriber.on("error", (err) => failed(err, "Redis (events in) is unreachable"));
  subscriber.on("message", (ch: string, text: string) => {
    if (ch === channel) deliver(text);
  });
  let readyOnce = false;
  subscriber.on("ready", () => {
    if (readyOnce) resync();
    readyOnce = true;
  });
  // Start-up waits up to 2 s for both connections, never for an unreachable Redis: the
  // subscription then completes when it answers, and events sent meanwhile are lost (and logged).
  await Promise.race([
    Promise.all([
      subscriber.subscribe(channel).catch((err) => failed(err, "could not subscribe to the other processes' events")),
      publisher.status === "ready" ? undefined : new Promise((r) => publisher.once("ready", r)),
    ]),
    new Promise((r) => setTimeout(r, 2000).unref()),
  ]);
  return {
    publish: (text) => publisher.publish(channel, text),
    async close() {
      await Promise.all([publisher, subscriber].map((r) => r.quit().catch(() => r.disconnect())));
    },
  };
}
