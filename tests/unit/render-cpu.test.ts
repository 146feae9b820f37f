/**
 * The render CPU figure (server/http/render-cpu.ts, decision 321): a page render is counted, with
 * its page family and viewer, only when it ran alone, since process CPU is shared by every request
 * in flight; overlapping renders are not counted at all.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import Fastify, { type FastifyInstance } from "fastify";
import type net from "node:net";
import { metrics } from "../../server/metrics/registry";
import { measureRender, pageFamily, trackRequestsInFlight } from "../../server/http/render-cpu";
import { renderCpuSeriesIn } from "../../scripts/render-cpu.mjs";

let app: FastifyInstance;
let base = "";
let release: (() => void) | null = null;
/** Lets the "slow" page in flight finish (a function, so TypeScript does not narrow `release`). */
const releaseSlow = () => release?.();

beforeAll(async () => {
  app = Fastify();
  app.decorateRequest("sessionToken", null);
  trackRequestsInFlight(app);
  app.addHook("onRequest", async (req) => {
    req.sessionToken = req.headers.cookie?.includes("access_token=") ? "token" : null;
  });
  app.get("/*", async (req) => {
    const rendered = measureRender(req);
    // Some CPU, as a render would spend; a "slow" page waits for the test to let it finish.
    let x = 0;
    for (let i = 0; i < 200_000; i++) x += Math.sqrt(i);
    if (req.url.includes("slow")) await new Promise<void>((r) => (release = r));
    rendered();
    return `<p>${x > 0}</p>`;
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  base = `http://127.0.0.1:${(app.server.address() as net.AddressInfo).port}`;
});
afterAll(() => app.close());

/** count and sum of the histogram for one series, read from /metrics's text as the bench reads it. */
const series = async (page: string, viewer: string) => renderCpuSeriesIn(await metrics.render(), page, viewer);

describe("render CPU", () => {
  it("names a bounded page family, whatever the address", () => {
    expect(["/", "/?r=1", "/shop?page=2", "/product/abc?x=1", "/about", "/shopping"].map(pageFamily)).toEqual([
      "home",
      "home",
      "shop",
      "product",
      "other",
      "other",
    ]);
  });

  it("counts a render that ran alone, with its CPU, by page and viewer", async () => {
    const before = await series("product", "signed-in");
    const guestBefore = await series("product", "guest");
    const res = await fetch(`${base}/product/1`, { headers: { cookie: "access_token=abc" } });
    await res.text();
    const after = await series("product", "signed-in");
    expect(after.count - before.count).toBe(1);
    expect(after.sum).toBeGreaterThan(before.sum);
    expect((await series("product", "guest")).count).toBe(guestBefore.count);
  });

  it("does not count renders that overlapped another request", async () => {
    const before = await series("shop", "guest");
    const slow = fetch(`${base}/shop?slow=1`).then((r) => r.text());
    for (let i = 0; i < 100 && !release; i++) await new Promise((r) => setTimeout(r, 10));
    // Begun while the slow one is in flight: neither is alone.
    await (await fetch(`${base}/shop?page=2`)).text();
    release?.();
    await slow;
    expect((await series("shop", "guest")).count).toBe(before.count);
    // Alone again (the others' sockets have had a moment to report them done), it counts.
    await new Promise((r) => setTimeout(r, 50));
    await (await fetch(`${base}/shop`)).text();
    expect((await series("shop", "guest")).count).toBe(before.count + 1);
  });

  it("does not ask the system for the process's CPU for a render that cannot be counted", async () => {
    // A system call a page (getrusage): 1.4 % of the server's time under random pages, where
    // nearly every render overlaps another and is never counted.
    release = null;
    const slow = fetch(`${base}/shop?slow=1`).then((r) => r.text());
    for (let i = 0; i < 100 && !release; i++) await new Promise((r) => setTimeout(r, 10));
    const cpuUsage = vi.spyOn(process, "cpuUsage");
    try {
      await (await fetch(`${base}/shop?page=3`)).text();
      expect(cpuUsage).not.toHaveBeenCalled();
    } finally {
      cpuUsage.mockRestore();
      releaseSlow();
      await slow;
    }
  });
});
