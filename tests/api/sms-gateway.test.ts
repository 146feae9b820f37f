/**
 * Text messages as a real channel (issue 16): an HTTP SMS gateway configured by SMS_URL (a local
 * stand-in here), with the provider's auth in the URL or SMS_TOKEN; unset, an outbox of text files.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import http from "node:http";
import fs from "node:fs";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { createTestApp, type TestApp } from "../support/test-app";
import { makeProduct, orderPayload } from "../support/order-factories";
import { jobs } from "../../server/db/schema";
import { internationalNumber } from "../../server/sms/sms-transport";

interface Received {
  authorization?: string;
  body: { to: string; text: string };
}

let gateway: http.Server;
let gatewayUrl: string;
const received: Received[] = [];
/** The gateway answers this status next (then 200 again). */
let nextStatus = 200;

beforeAll(async () => {
  gateway = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (c) => {
      raw += c;
    });
    req.on("end", () => {
      const status = nextStatus;
      nextStatus = 200;
      if (status === 200) received.push({ authorization: req.headers.authorization, body: JSON.parse(raw) });
      res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify({ ok: status === 200 }));
    });
  });
  await new Promise<void>((resolve) => gateway.listen(0, "127.0.0.1", resolve));
  gatewayUrl = `127.0.0.1:${(gateway.address() as AddressInfo).port}/messages`;
});
afterAll(() => new Promise<void>((resolve) => gateway.close(() => resolve())));

async function placeOrder(t: TestApp, phone: string, lang?: "ar") {
  const p = await makeProduct(t.deps.db, { stock: 5 });
  const res = await t.app.inject({
    method: "POST",
    url: "/api/order/guest",
    payload: orderPayload([{ productId: p.id, quantity: 1 }], { phone }),
    headers: lang ? { cookie: `lang=${lang}` } : {},
  });
  expect(res.statusCode).toBe(201);
  return res.json().order as { orderNumber: string };
}

describe("SMS_URL with the provider's credentials in the URL", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ realSms: true, env: { SMS_URL: `http://azya:s%40cret@${gatewayUrl}` } });
  });
  afterAll(() => t.close());

  it("POSTs { to, text } with Basic auth, the number in international form", async () => {
    const order = await placeOrder(t, "01011112222");
    await t.settle();
    const sms = received.find((r) => r.body.to === "+201011112222")!;
    expect(sms.authorization).toBe(`Basic ${Buffer.from("azya:s@cret").toString("base64")}`);
    expect(sms.body.text).toMatch(new RegExp(`^Azya: your code to confirm order ${order.orderNumber} is \\d{6}\\.`));
  });

  it("sends Arabic text to a customer ordering in Arabic", async () => {
    const order = await placeOrder(t, "01033334444", "ar");
    await t.settle();
    const sms = received.find((r) => r.body.to === "+201033334444")!;
    expect(sms.body.text).toMatch(new RegExp(`^أزيا: رمز تأكيد طلبك ${order.orderNumber} هو \\d{6}\\.`));
  });

  it("keeps the message to try again when the gateway fails", async () => {
    nextStatus = 503;
    await placeOrder(t, "01055556666");
    await t.settle();
    expect(received.some((r) => r.body.to === "+201055556666")).toBe(false);
    const [job] = await t.deps.db.select().from(jobs).where(eq(jobs.kind, "sms"));
    expect(job).toMatchObject({ status: "queued", attempts: 1 });
    expect(job!.lastError).toMatch(/answered 503/);
    expect(job!.lastError).not.toContain("cret"); // the credentials never reach the error or the log
    await t.deps.db.update(jobs).set({ runAt: new Date() }).where(eq(jobs.id, job!.id));
    await t.settle();
    expect(received.some((r) => r.body.to === "+201055556666")).toBe(true);
  });
});

describe("SMS_URL with SMS_TOKEN", () => {
  it("sends the token as a Bearer token", async () => {
    const t = await createTestApp({ realSms: true, env: { SMS_URL: `http://${gatewayUrl}`, SMS_TOKEN: "tok-123" } });
    try {
      await placeOrder(t, "01077778888");
      await t.settle();
      expect(received.find((r) => r.body.to === "+201077778888")!.authorization).toBe("Bearer tok-123");
    } finally {
      await t.close();
    }
  });
});

describe("without SMS_URL", () => {
  it("writes each message to DATA_DIR/outbox/*.sms.txt", async () => {
    const t = await createTestApp({ realSms: true });
    try {
      const order = await placeOrder(t, "01099990000");
      await t.settle();
      const dir = t.config.outboxDir;
      const files = fs.readdirSync(dir).filter((f) => f.endsWith(".sms.txt"));
      expect(files).toHaveLength(1);
      const text = fs.readFileSync(path.join(dir, files[0]!), "utf8");
      expect(text).toMatch(/^To: \+201099990000\n\n/);
      expect(text).toContain(`confirm order ${order.orderNumber} is`);
    } finally {
      await t.close();
    }
  });

  it("writes Egyptian mobile numbers in international form and leaves others as given", () => {
    expect(internationalNumber("010 1234 5678")).toBe("+201012345678");
    expect(internationalNumber("00201012345678")).toBe("+201012345678");
    expect(internationalNumber("+201012345678")).toBe("+201012345678");
  });
});
