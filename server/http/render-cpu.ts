/**
 * The CPU one page render costs (issue 14 part 3, decision 321): process CPU (user + system, every
 * thread) from the moment the page handler takes the request until React Router's HTML is complete:
 * the session, the loaders, React's render and the data's serialization. Process CPU is shared by
 * every request in flight, so a render is only counted when it ran alone: no other request was in
 * flight when it began and none began before it ended. Under load few are counted; `npm run bench`
 * asks pages one at a time to read it (`azya_page_render_cpu_seconds` on /metrics).
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { metrics } from "../metrics/registry";

const CPU_BUCKETS = [0.001, 0.002, 0.003, 0.005, 0.0075, 0.01, 0.015, 0.02, 0.03, 0.05, 0.1];

let inFlight = 0;
let begun = 0;

/** Counts the requests in flight (a socket's `close` always comes, even for an aborted request). */
export function trackRequestsInFlight(app: FastifyInstance) {
  app.addHook("onRequest", async (_req, reply) => {
    inFlight++;
    begun++;
    reply.raw.once("close", () => {
      inFlight--;
    });
  });
}

/** A bounded label: which page family (random addresses never add series). */
export function pageFamily(url: string): string {
  const path = url.split("?", 1)[0]!;
  if (path === "/") return "home";
  if (path === "/shop") return "shop";
  if (path.startsWith("/product/")) return "product";
  return "other";
}

/** Starts measuring this request's render; `done()` records it if nothing else ran meanwhile. */
export function measureRender(req: FastifyRequest): () => void {
  const alone = inFlight === 1;
  const seen = begun;
  // Read only for a render that may be counted: a system call (getrusage) that cost 1.4 % of the
  // server's time under load, where nearly every render overlaps another and is never counted.
  const start = alone ? process.cpuUsage() : undefined;
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    if (!start || begun !== seen || inFlight !== 1) return;
    const used = process.cpuUsage(start);
    histogram().observe(
      { page: pageFamily(req.url), viewer: req.sessionToken ? "signed-in" : "guest" },
      (used.user + used.system) / 1e6,
    );
  };
}

const histogram = () =>
  metrics.histogram(
    "azya_page_render_cpu_seconds",
    "Process CPU of a page render that ran alone, from the request to the complete HTML",
    ["page", "viewer"],
    CPU_BUCKETS,
  );
