/** Starts the built shop once for the browser run, on a fresh PGlite database with demo data. */
import type { TestProject } from "vitest/node";
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import net from "node:net";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
    adminEmail: string;
    adminPassword: string;
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });
}

export default async function setup(project: TestProject) {
  if (!fs.existsSync("dist/server.js") || !fs.existsSync("build/server/index.js")) {
    throw new Error("No build: run `npm run build` first (npm run test:e2e does it for you).");
  }
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-e2e-"));
  const adminEmail = "admin@e2e.test";
  const adminPassword = "Admin-e2e-pass-1";
  const child: ChildProcess = spawn(process.execPath, ["dist/server.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      SMTP_URL: "",
      ADMIN_EMAIL: adminEmail,
      ADMIN_PASSWORD: adminPassword,
      SEED_DEMO: "true",
      RATE_LIMIT_SCALE: "50",
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited early with code ${child.exitCode}`);
    try {
      const res = await fetch(`${baseUrl}/healthz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error("The server did not become healthy in 90 s");
    await new Promise((r) => setTimeout(r, 250));
  }
  project.provide("baseUrl", baseUrl);
  project.provide("dataDir", dataDir);
  project.provide("adminEmail", adminEmail);
  project.provide("adminPassword", adminPassword);

  return async () => {
    child.kill("SIGTERM");
    await new Promise((r) => child.once("exit", r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
