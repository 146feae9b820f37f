/**
 * The real server build's app in the test process (`npm run build`; a test without it skips,
 * visibly): the bundle holds the whole server (decision 150), so its own buildApp serves its own
 * pages, and the services the pages call and the app that answers are one copy, as in production.
 * On a fresh test database with the reference data and shipping seeded, in a data folder of its own.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { FastifyInstance } from "fastify";
import type { ServerBuild } from "react-router";
import type { BuildAppOptions, buildApp } from "../../server/app";
import { loadConfig } from "../../server/config";
import type { Database } from "../../server/db/client";
import { seedReference, seedShipping } from "../../server/db/seed/reference";
import { createTestDatabase } from "./test-app";

export const serverBundle = path.resolve("build/server/index.js");
export const bundleBuilt = fs.existsSync(serverBundle);

export interface BuiltApp {
  app: FastifyInstance;
  database: Database;
  close(): Promise<void>;
}

/**
 * The built app in production mode, with `env` over the settings every such test shares, and
 * `options` over buildApp's (the e-mail goes nowhere).
 */
export async function openBuiltApp(
  folderPrefix: string,
  env: Record<string, string>,
  options: Partial<BuildAppOptions> = {},
): Promise<BuiltApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), folderPrefix));
  const config = loadConfig({
    NODE_ENV: "production",
    PUBLIC_URL: "https://azya.example",
    DATA_DIR: dataDir,
    LOG_LEVEL: "silent",
    SEED_DEMO: "false",
    ...env,
  } as NodeJS.ProcessEnv);
  const database = await createTestDatabase();
  await seedReference(database.db);
  await seedShipping(database.db);
  const bundle = (await import(pathToFileURL(serverBundle).href)) as {
    loadServer(): Promise<{ buildApp: typeof buildApp }>;
    ssrBuild: ServerBuild;
  };
  const { buildApp: buildBuiltApp } = await bundle.loadServer();
  const app = await buildBuiltApp({
    config,
    database,
    ssrBuild: bundle.ssrBuild,
    mailTransport: { async send() {} },
    ...options,
  });
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
