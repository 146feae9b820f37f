/**
 * Rate limits key on the real client address (TRUST_PROXY, decision 105) and survive a Redis outage
 * by counting in the process instead (never a 500, never switched off).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import crypto from "node:crypto";
import net from "node:net";
import { createTestApp, type TestApp } from "../support/test-app";

const lookup = (t: TestApp, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "POST", url: "/api/order/id", payload: { orderNumber: "ORD-0000000000000" }, headers });

/** A made-up address per call, the way an attacker would rotate them. */
const randomIp = () => `203.0.${crypto.randomInt(256)}.${crypto.randomInt(256)}`;

async function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

describe("rate limits behind no proxy (TRUST_PROXY unset)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("refuses the 21st order lookup in a minute even when every request claims another X-Forwarded-For", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) statuses.push((await lookup(t, { "x-forwarded-for": randomIp() })).statusCode);
    expect(statuses.slice(0, 20).every((s) => s === 404)).toBe(true);
    expect(statuses.slice(20).every((s) => s === 429)).toBe(true);
  });
});

describe("rate limits behind one proxy (TRUST_PROXY=1)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: "1" } });
  });
  afterAll(() => t.close());

  it("keys on the last hop of X-Forwarded-For, whatever the client wrote before it", async () => {
    const client = randomIp();
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) {
      statuses.push((await lookup(t, { "x-forwarded-for": `${randomIp()}, ${client}` })).statusCode);
    }
    expect(statuses.filter((s) => s === 429)).toHaveLength(20);
  });

  it("counts each client the proxy names separately", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) statuses.push((await lookup(t, { "x-forwarded-for": randomIp() })).statusCode);
    expect(statuses.filter((s) => s === 429).length).toBeLessThan(3); // random addresses may repeat
  });
});

describe("rate limits while Redis is down", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { REDIS_URL: `redis://127.0.0.1:${await closedPort()}` } });
  });
  afterAll(() => t.close());

  it.each([
    ["sign-in", "/api/login", { email: "nobody@example.com", password: "Secret-pass-123" }],
    ["sign-up", "/api/createUser", { name: "Mona", email: "mona@example", password: "x" }],
    ["checkout", "/api/order/guest", {}],
    ["the contact form", "/api/sendmessage", {}],
  ])("answers %s without a 500", async (_what, url, payload) => {
    const res = await t.app.inject({ method: "POST", url, payload });
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json().message).toEqual(expect.any(String));
  });

  it("still limits order lookups, per process", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push((await lookup(t)).statusCode);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(statuses.slice(20).every((s) => s === 429)).toBe(true);
  });

  it("answers an upload without a 500", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/uploads/contact",
      headers: { "content-type": "multipart/form-data; boundary=x" },
      payload: "--x--\r\n",
    });
    expect(res.statusCode).toBeLessThan(500);
  });
});

describe("rate limits shared through a working Redis", () => {
  let a: TestApp;
  let b: TestApp;
  let redisUp = false;
  beforeAll(async () => {
    redisUp = await new Promise<boolean>((resolve) => {
      const s = net.connect(6379, "127.0.0.1", () => {
        s.destroy();
        resolve(true);
      });
      s.on("error", () => resolve(false));
    });
    // Behind a trusted local proxy, so this run's made-up client address keeps its keys apart from other runs'.
    const env = { REDIS_URL: "redis://127.0.0.1:6379", TRUST_PROXY: "127.0.0.1" };
    a = await createTestApp({ env });
    b = await createTestApp({ env });
  });
  afterAll(async () => {
    await a.close();
    await b.close();
  });

  it("counts one client's lookups across two processes", async (ctx) => {
    if (!redisUp) ctx.skip();
    const client = { "x-forwarded-for": randomIp() };
    for (let i = 0; i < 12; i++) expect((await lookup(a, client)).statusCode).toBe(404);
    const fromB: number[] = [];
    for (let i = 0; i < 12; i++) fromB.push((await lookup(b, client)).statusCode);
    expect(fromB.filter((s) => s === 429)).toHaveLength(4);
  });
});
