/**
 * `npm run dev` (scripts/dev.mjs) serves the pages and the API from the sources and picks up a change
 * to a server module or a route without a restart. Each edited file is restored in `finally`.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../scripts/free-port.mjs";

let child: ChildProcess;
let base = "";
let dataDir = "";

/** Polls until `check` returns true; fails after a generous deadline (the dev server compiles on demand). */
async function until(what: string, check: () => Promise<boolean>, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`npm run dev exited with ${child.exitCode}`);
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

async function editing(file: string, from: string, to: string, body: () => Promise<void>) {
  const original = fs.readFileSync(file, "utf8");
  expect(original).toContain(from);
  try {
    fs.writeFileSync(file, original.replace(from, to));
    await body();
  } finally {
    fs.writeFileSync(file, original);
  }
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-dev-"));
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  child = spawn(process.execPath, ["scripts/dev.mjs"], {
    env: {
      ...process.env,
      NODE_ENV: "development",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      SEED_DEMO: "false",
      LOG_LEVEL: "warn",
      ADMIN_EMAIL: "admin@dev.test",
      ADMIN_PASSWORD: "Dev-admin-pass-1",
    },
    stdio: "ignore",
  });
  await until("/healthz", async () => (await fetch(`${base}/healthz`)).ok);
}, 120_000);

afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((r) => child.once("exit", r));
    child.kill("SIGTERM");
    await exited;
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("npm run dev", () => {
  it("serves a page and the API from the sources", async () => {
    const page = await fetch(`${base}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("<html");
    const api = await fetch(`${base}/api/products`);
    expect(api.status).toBe(200);
    expect(await api.json()).toHaveProperty("products");
  });

  it("reloads a changed server module without a restart", async () => {
    await editing("server/http/health.ts", 'send({ status: "ok" })', 'send({ status: "reloaded" })', async () => {
      await until(
        "the changed /healthz",
        async () => (await (await fetch(`${base}/healthz`)).json()).status === "reloaded",
      );
    });
    await until("the restored /healthz", async () => (await (await fetch(`${base}/healthz`)).json()).status === "ok");
  }, 200_000);

  it("reloads a changed route without a restart", async () => {
    await editing(
      "app/routes/robots.ts",
      '"Disallow: /cart",',
      '"Disallow: /cart",\n    "Disallow: /dev-reloaded",',
      async () => {
        await until("the changed robots.txt", async () =>
          (await (await fetch(`${base}/robots.txt`)).text()).includes("/dev-reloaded"),
        );
      },
    );
    await until(
      "the restored robots.txt",
      async () => !(await (await fetch(`${base}/robots.txt`)).text()).includes("/dev-reloaded"),
    );
  }, 200_000);
});
