/**
 * The socket level, with raw clients: a body dribbled byte by byte is cut off after
 * REQUEST_TIMEOUT_MS, and a client writing a 5 MB body reads the 413 instead of a reset.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import net from "node:net";
import { createTestApp, type TestApp } from "../support/test-app";

let t: TestApp;
let port = 0;
beforeAll(async () => {
  t = await createTestApp({ env: { REQUEST_TIMEOUT_MS: "1000", KEEP_ALIVE_TIMEOUT_MS: "1000" } });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  port = (t.app.server.address() as net.AddressInfo).port;
});
afterAll(() => t.close());

interface Outcome {
  closedAfterMs: number;
  response: string;
  error?: string;
}

/** Opens a socket, runs `talk` on it and reports when and how the server ended the exchange. */
function converse(talk: (socket: net.Socket) => void, giveUpMs: number): Promise<Outcome> {
  return new Promise((resolve) => {
    const started = Date.now();
    const socket = net.connect(port, "127.0.0.1");
    let response = "";
    let error: string | undefined;
    const timer = setTimeout(() => socket.destroy(), giveUpMs);
    socket.on("data", (d) => (response += d.toString("latin1")));
    socket.on("error", (e: NodeJS.ErrnoException) => (error ??= e.code ?? e.message));
    socket.on("close", () => {
      clearTimeout(timer);
      resolve({ closedAfterMs: Date.now() - started, response, error });
    });
    socket.on("connect", () => talk(socket));
  });
}

describe("slow clients", () => {
  it("cuts off a request whose body arrives one byte at a time", async () => {
    let dribble: NodeJS.Timeout | undefined;
    const outcome = await converse((socket) => {
      socket.write(
        "POST /api/order/id HTTP/1.1\r\nHost: shop\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n",
      );
      dribble = setInterval(() => !socket.destroyed && socket.write("a"), 200);
    }, 8000);
    clearInterval(dribble);
    expect(outcome.closedAfterMs).toBeLessThan(5000);
    if (outcome.response) expect(outcome.response).toMatch(/^HTTP\/1\.1 408/);
  });

  it("cuts off a request whose headers never end", async () => {
    let dribble: NodeJS.Timeout | undefined;
    const outcome = await converse((socket) => {
      socket.write("GET /api/products HTTP/1.1\r\nHost: shop\r\n");
      dribble = setInterval(() => !socket.destroyed && socket.write("X-A: b\r\n"), 200);
    }, 8000);
    clearInterval(dribble);
    expect(outcome.closedAfterMs).toBeLessThan(5000);
  });

  it("closes an idle keep-alive connection", async () => {
    const outcome = await converse((socket) => socket.write("GET /healthz HTTP/1.1\r\nHost: shop\r\n\r\n"), 8000);
    expect(outcome.response).toMatch(/^HTTP\/1\.1 200/);
    expect(outcome.closedAfterMs).toBeLessThan(5000);
  });
});

describe("a body over the 1 MB limit", () => {
  it("answers 413 with its message to a client that writes all 5 MB before reading", async () => {
    const size = 5 * 1024 * 1024;
    let written = false;
    const outcome = await converse((socket) => {
      socket.write(
        `POST /api/order/id HTTP/1.1\r\nHost: shop\r\nContent-Type: application/json\r\nContent-Length: ${size}\r\nConnection: close\r\n\r\n`,
      );
      const chunk = Buffer.alloc(64 * 1024, "a");
      let sent = 0;
      const pump = () => {
        while (sent < size) {
          sent += chunk.length;
          if (!socket.write(chunk)) return void socket.once("drain", pump);
        }
        written = true;
      };
      pump();
    }, 15_000);
    expect(outcome.error).toBeUndefined();
    expect(written).toBe(true);
    expect(outcome.response).toMatch(/^HTTP\/1\.1 413/);
    expect(outcome.response).toMatch(/\{"message":"The request is too large","requestId":"[0-9a-f-]{36}"\}/);
  });
});
