/**
 * Issue 18 part 5: /metrics (Prometheus text, only with the bearer token), /healthz and /readyz,
 * and request ids in replies, error bodies and every log line of a request.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Writable } from "node:stream";
import { createTestApp, onPostgres, type TestApp } from "../support/test-app";
import { makeProduct, orderPayload } from "../support/order-factories";
import { MAX_SERIES, MetricsRegistry } from "../../server/metrics/registry";
import { collectJobMetrics } from "../../server/metrics/jobs-metrics";
import { buildApp } from "../../server/app";

const TOKEN = "metrics-token-for-tests-0123456789";
const auth = { authorization: `Bearer ${TOKEN}` };

/** Every sample of `family` in a scrape, as [labels text, value]. */
function samples(text: string, family: string): [string, number][] {
  return text
    .split("\n")
    .filter((l) => l.startsWith(`${family}{`) || l.startsWith(`${family} `))
    .map((l) => {
      const at = l.lastIndexOf(" ");
      return [l.slice(family.length, at), Number(l.slice(at + 1))];
    });
}
const total = (text: string, family: string, labelPart = "") =>
  samples(text, family)
    .filter(([labels]) => labels.includes(labelPart))
    .reduce((sum, [, v]) => sum + v, 0);

/** Every log line of the shared app, parsed. */
const lines: Record<string, unknown>[] = [];
let t: TestApp;
beforeAll(async () => {
  const logStream = new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split("\n").filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  t = await createTestApp({
    env: { METRICS_TOKEN: TOKEN, RATE_LIMIT_SCALE: "100", LOG_LEVEL: "info" },
    logStream,
    extraRoutes: (app) => {
      // A service logs through deps.log (the root logger), not req.log.
      app.get("/test/logs-from-a-service", async () => {
        app.deps.log.info("service line");
        await new Promise((r) => setTimeout(r, 5));
        app.deps.log.warn({ after: "await" }, "service line after an await");
        throw new Error("boom");
      });
    },
  });
});
afterAll(() => t.close());

describe("/metrics", () => {
  const scrape = async () => {
    const res = await t.app.inject({ method: "GET", url: "/metrics", headers: auth });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/plain; version=0.0.4; charset=utf-8");
    return res.body;
  };

  it("refuses a missing, wrong or differently sized token with 401", async () => {
    for (const authorization of [undefined, "Bearer nope", `Bearer ${TOKEN}x`, TOKEN, `Basic ${TOKEN}`]) {
      const res = await t.app.inject({
        method: "GET",
        url: "/metrics",
        headers: authorization ? { authorization } : {},
      });
      expect(res.statusCode, authorization).toBe(401);
      expect(res.headers["www-authenticate"]).toMatch(/^Bearer/);
      expect(res.body).not.toContain("azya_");
    }
  });

  it("counts requests and latency per route pattern, memo hits and misses, orders placed and the pool", async () => {
    const p = await makeProduct(t.deps.db, { stock: 20 });
    for (let i = 0; i < 3; i++)
      expect((await t.app.inject({ method: "GET", url: "/api/products" })).statusCode).toBe(200);
    for (let i = 0; i < 2; i++) {
      expect((await t.app.inject({ method: "GET", url: `/api/products/${p.id}` })).statusCode).toBe(200);
    }
    const order = await t.app.inject({
      method: "POST",
      url: "/api/order/guest",
      payload: orderPayload([{ productId: p.id, quantity: 1 }]),
    });
    expect(order.statusCode).toBe(201);

    const text = await scrape();
    expect(total(text, "azya_http_requests_total", 'route="/api/products",status="2xx"')).toBeGreaterThanOrEqual(3);
    expect(total(text, "azya_http_requests_total", 'route="/api/products/:id"')).toBeGreaterThanOrEqual(2);
    expect(text).not.toContain(p.id); // the pattern, never the URL
    expect(total(text, "azya_http_request_duration_seconds_count", 'route="/api/products"')).toBeGreaterThanOrEqual(3);
    expect(total(text, "azya_http_request_duration_seconds_sum", 'route="/api/products"')).toBeGreaterThan(0);
    expect(total(text, "azya_catalogue_memo_lookups_total", 'result="hit"')).toBeGreaterThan(0);
    expect(total(text, "azya_catalogue_memo_lookups_total", 'result="miss"')).toBeGreaterThan(0);
    expect(total(text, "azya_orders_placed_total")).toBe(1);
    if (onPostgres()) expect(total(text, "azya_db_pool_connections", 'state="total"')).toBeGreaterThan(0);
    else expect(samples(text, "azya_db_pool_connections")).toEqual([]); // PGlite has no pool
    // The order's e-mail is a job this test app does not run: it waits in the jobs table.
    expect(total(text, "azya_jobs_waiting")).toBeGreaterThanOrEqual(1);
    expect(samples(text, "azya_jobs_failed")).toHaveLength(1);
  });

  it("does not grow with random URLs", async () => {
    const before = (await scrape()).split("\n").length;
    for (let i = 0; i < 200; i++) {
      await t.app.inject({ method: "GET", url: `/api/no-such-${i}-${Math.random()}` });
      await t.app.inject({ method: "GET", url: `/api/products/${crypto.randomUUID()}` });
    }
    const text = await scrape();
    expect(total(text, "azya_http_requests_total", 'route="unmatched",status="4xx"')).toBeGreaterThanOrEqual(200);
    expect(text).not.toContain("no-such-");
    // At most the few new series of 404s on two routes: every line of the histogram, not per URL.
    expect(text.split("\n").length - before).toBeLessThan(40);
  });
});

describe("the metrics registry", () => {
  it("writes the Prometheus text format and caps the series of a metric", async () => {
    const r = new MetricsRegistry();
    const c = r.counter("t_requests_total", 'Requests "quoted" \\ help', ["path"]);
    c.inc({ path: 'a"b\\c\nd' });
    for (let i = 0; i < MAX_SERIES + 50; i++) c.inc({ path: `/p/${i}` });
    const h = r.histogram("t_seconds", "Latency", [], [0.1, 1]);
    h.observe(undefined, 0.05);
    h.observe(undefined, 5);
    r.gauge("t_depth", "Depth").collect(() => 7);
    const text = await r.render();
    expect(text).toContain('# HELP t_requests_total Requests "quoted" \\\\ help\n# TYPE t_requests_total counter');
    expect(text).toContain('t_requests_total{path="a\\"b\\\\c\\nd"} 1');
    expect(text).toContain('t_requests_total{path="_other"} 52');
    expect(samples(text, "t_requests_total")).toHaveLength(MAX_SERIES);
    expect(text).toContain('t_seconds_bucket{le="0.1"} 1\nt_seconds_bucket{le="1"} 1\nt_seconds_bucket{le="+Inf"} 2');
    expect(text).toContain("t_seconds_sum 5.05\nt_seconds_count 2");
    expect(text).toContain("# TYPE t_depth gauge\nt_depth 7");
    expect(() => r.gauge("t_requests_total", "again")).toThrow(/already registered as a counter/);
    expect(r.counter("t_requests_total", "again", ["path"])).toBe(c);
  });

  it("shows the job gauges once a queue hands over its counts", async () => {
    const { metrics } = await import("../../server/metrics/registry");
    const stop = collectJobMetrics(async () => ({ waiting: 4, failed: 2 }));
    const text = await metrics.render();
    stop();
    expect(text).toContain("azya_jobs_waiting 4");
    expect(text).toContain("azya_jobs_failed 2");
  });
});

describe("/healthz and /readyz", () => {
  it("answers ready once started", async () => {
    expect((await t.app.inject({ method: "GET", url: "/readyz" })).json()).toEqual({ status: "ready" });
  });

  it("answers 503 on /readyz and on requests while starting, 200 on /healthz", async () => {
    // Built as server/main.ts builds it before migrating and seeding: not started yet.
    const starting = await buildApp({ config: t.config, database: t.database, started: false });
    await starting.ready();
    try {
      const get = (url: string) => starting.inject({ method: "GET", url });
      expect((await get("/healthz")).statusCode).toBe(200);
      const readyz = await get("/readyz");
      expect(readyz.statusCode).toBe(503);
      expect(readyz.json()).toEqual({ status: "starting" });
      const api = await starting.inject({ method: "GET", url: "/api/products", headers: { cookie: "lang=ar" } });
      expect(api.statusCode).toBe(503);
      expect(api.headers["retry-after"]).toBe("5");
      expect(api.json().message).toBe("المتجر مشغول للحظات، يرجى المحاولة مرة أخرى بعد قليل");
      starting.readiness.markStarted();
      expect((await get("/readyz")).statusCode).toBe(200);
      expect((await get("/api/products")).statusCode).toBe(200);
    } finally {
      await starting.close();
    }
  });

  it("fails /readyz when the database is unreachable, while /healthz still answers; no /metrics without a token", async () => {
    const other = await createTestApp();
    try {
      expect((await other.app.inject({ method: "GET", url: "/metrics", headers: auth })).statusCode).toBe(404);
      await other.database.close();
      const readyz = await other.app.inject({ method: "GET", url: "/readyz" });
      expect(readyz.statusCode).toBe(503);
      expect(readyz.json()).toEqual({ status: "database unreachable" });
      expect((await other.app.inject({ method: "GET", url: "/healthz" })).statusCode).toBe(200);
    } finally {
      await other.app.close();
    }
  });
});

describe("request ids", () => {
  it("keeps a short, safe incoming X-Request-Id and echoes it", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: "/api/nothing",
      headers: { "x-request-id": "lb-7f3a.9:2_x" },
    });
    expect(res.headers["x-request-id"]).toBe("lb-7f3a.9:2_x");
    expect(res.json().requestId).toBe("lb-7f3a.9:2_x");
  });

  it("replaces a long or unsafe one with a fresh id", async () => {
    for (const given of ["a".repeat(65), "has space", "<script>", "a\tb", "ä"]) {
      const res = await t.app.inject({ method: "GET", url: "/api/nothing", headers: { "x-request-id": given } });
      expect(res.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
      expect(res.json().requestId).toBe(res.headers["x-request-id"]);
    }
    const plain = await t.app.inject({ method: "GET", url: "/healthz" });
    expect(plain.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("puts the id in every log line of the request, services' lines included, and in the 500 body", async () => {
    lines.length = 0;
    const res = await t.app.inject({
      method: "GET",
      url: "/test/logs-from-a-service",
      headers: { "x-request-id": "trace-42" },
    });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: "An error occurred", requestId: "trace-42" });
    const messages = lines.map((l) => l.msg);
    expect(messages).toEqual(
      expect.arrayContaining(["service line", "service line after an await", "unhandled error", "request completed"]),
    );
    for (const line of lines) expect(line.requestId, JSON.stringify(line)).toBe("trace-42");
    // One access line per request, written when it was answered, with what was asked and how it went.
    expect(messages.filter((m) => m === "incoming request")).toHaveLength(0);
    const access = lines.filter((l) => l.msg === "request completed");
    expect(access).toHaveLength(1);
    expect(access[0]).toMatchObject({
      req: { method: "GET", url: "/test/logs-from-a-service" },
      res: { statusCode: 500 },
      responseTime: expect.any(Number),
    });
    expect(lines.filter((l) => l.msg === "service line")).toHaveLength(1);
    // One requestId key per line (the root logger's mixin does not add a second one to req.log's).
    expect(lines.every((l) => Object.keys(l).filter((k) => k === "requestId").length === 1)).toBe(true);
  });
});
