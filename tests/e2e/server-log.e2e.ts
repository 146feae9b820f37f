/**
 * The built server's log as `npm start` runs it (decisions 363, 365): the embedded database's
 * flags and environment, one access line per request with what was asked and how it went, every
 * line written before a stop is in the file (the log is written asynchronously), and no source
 * map is parsed at start.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startBuiltServer, type BuiltServer } from "../../scripts/built-server.mjs";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-server-log-"));
const logFile = path.join(dataDir, "server.log");
let server: BuiltServer;

beforeAll(async () => {
  const log = fs.openSync(logFile, "a");
  server = await startBuiltServer({
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: "production",
      DATA_DIR: dataDir,
      SEED_DEMO: "false",
      ADMIN_EMAIL: "log-admin@example.com",
      ADMIN_PASSWORD: "Log-admin-pass-1",
    },
    inheritEnv: false,
    stdio: ["ignore", log, log],
  });
}, 120_000);

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

it("writes one line per request when it is answered, and every line before the stop", async () => {
  const { base, child } = server;
  const cmdline = fs.readFileSync(`/proc/${child.pid}/cmdline`, "utf8").split("\0");
  expect(cmdline).toContain("--max-semi-space-size=2");
  expect(cmdline).not.toContain("--enable-source-maps");
  expect(fs.readFileSync(`/proc/${child.pid}/environ`, "utf8").split("\0")).toContain(
    "GLIBC_TUNABLES=glibc.malloc.mmap_threshold=131072",
  );

  const asked = ["/api/products?limit=2&r=log-1", "/api/nothing-here?r=log-2", "/about?r=log-3"];
  const statuses: number[] = [];
  for (const url of asked) {
    const res = await fetch(`${base}${url}`);
    await res.arrayBuffer();
    statuses.push(res.status);
  }
  expect(statuses).toEqual([200, 404, 200]);
  const stopped = await server.stop();
  expect(stopped).toEqual({ code: 0, killed: false });

  const lines = fs
    .readFileSync(logFile, "utf8")
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as { msg: string; req?: { url: string }; res?: { statusCode: number } });
  expect(lines.some((l) => l.msg === "incoming request")).toBe(false);
  asked.forEach((url, i) => {
    const access = lines.filter((l) => l.req?.url === url);
    expect(access, url).toHaveLength(1);
    expect(access[0]).toMatchObject({ msg: "request completed", res: { statusCode: statuses[i] } });
  });
  // The last line the server wrote before it exited reached the file.
  expect(lines.at(-1)?.msg).toBe("stopping: finishing requests in flight");
});
