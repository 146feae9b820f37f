/** Starts the built shop once for the browser run, on a fresh PGlite database with demo data. */
import type { TestProject } from "vitest/node";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { demoShopEnv, startBuiltServer } from "../../../scripts/built-server.mjs";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
    adminEmail: string;
    adminPassword: string;
  }
}

export default async function setup(project: TestProject) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-e2e-"));
  const adminEmail = "admin@e2e.test";
  const adminPassword = "Admin-e2e-pass-1";
  const server = await startBuiltServer({
    env: {
      ...demoShopEnv(dataDir, { email: adminEmail, password: adminPassword }),
      RATE_LIMIT_SCALE: "50",
      // The journeys place many cash orders with the same phone and e-mail (issue 16's limit is 3).
      COD_OPEN_LIMIT: "100",
      // Every page the journeys open checks that the shell's kept parts match their inputs (decision 387).
      KEPT_MARKUP_VERIFY: "1",
      // Pages render on a thread of their own (decision 405), though the embedded database has none by default: every journey
      // hydrates and works on pages the thread rendered. The main thread's render is the API
      // suites' (tests/api), and tests/api/render-threads.test.ts compares the two.
      RENDER_THREADS: "1",
    },
    // The browser journeys run against the server as `npm start` runs it, Node flags included.
    timeoutMs: 90_000,
  });
  const baseUrl = server.base;
  project.provide("baseUrl", baseUrl);
  project.provide("dataDir", dataDir);
  project.provide("adminEmail", adminEmail);
  project.provide("adminPassword", adminPassword);

  return async () => {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
