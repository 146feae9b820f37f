/**
 * The built server under a burst of page requests: pages render a few at a time (render-gate.ts),
 * visitors who leave mid-queue or mid-page give their turn back, and everyone is answered.
 */
import { describe, expect, it } from "vitest";
import http from "node:http";
import { baseUrl } from "./support/browser";

/** Starts a page request and drops the connection before the answer comes. */
function abandon(path: string): Promise<void> {
  return new Promise((resolve) => {
    const req = http.get(baseUrl() + path);
    req.on("error", () => resolve());
    setTimeout(() => {
      req.destroy();
      resolve();
    }, 5);
  });
}

describe("pages under a burst", () => {
  it("answers 40 pages at once, after 40 visitors left mid-request, with nothing lost", async () => {
    await Promise.all(Array.from({ length: 40 }, (_, i) => abandon(i % 2 ? "/" : "/shop")));
    const started = Date.now();
    const answers = await Promise.all(
      Array.from({ length: 40 }, async (_, i) => {
        const res = await fetch(baseUrl() + (i % 2 ? "/" : "/shop?sortBy=asc"));
        return { status: res.status, html: await res.text() };
      }),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(40).fill(200));
    expect(answers.every((a) => a.html.includes("</html>"))).toBe(true);
    expect(Date.now() - started).toBeLessThan(30_000);
    // And the gate is free again: a single page comes back at once.
    const one = Date.now();
    expect((await fetch(baseUrl() + "/shop")).status).toBe(200);
    expect(Date.now() - one).toBeLessThan(5_000);
  });
});
