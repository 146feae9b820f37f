import { describe, expect, it } from "vitest";
import Fastify from "fastify";
import { Writable } from "node:stream";
import { throttledLog } from "../../server/http/throttled-log";

describe("an outage's log", () => {
  it("is written once per interval however many requests meet it, with how many were skipped", async () => {
    const lines: Record<string, unknown>[] = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(JSON.parse(String(chunk)));
        done();
      },
    });
    const report = throttledLog(Fastify({ logger: { stream: sink } }).log, 50);
    for (let i = 0; i < 1000; i++) report(new Error("connect ECONNREFUSED"), "rate limits: Redis failed");
    await new Promise((r) => setTimeout(r, 60));
    report(new Error("connect ECONNREFUSED"), "rate limits: Redis failed");
    await new Promise((r) => setImmediate(r));
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({
      level: 50,
      msg: "rate limits: Redis failed",
      err: { message: "connect ECONNREFUSED" },
      sinceLast: 0,
    });
    expect(lines[1]).toMatchObject({ sinceLast: 999 });
  });
});
