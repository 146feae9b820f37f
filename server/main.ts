/** Boot: configuration, database, migrations, seed, Fastify with the API and the SSR handler. */
import path from "node:path";
import type { ServerBuild } from "react-router";
import { loadConfig } from "./config";
import { openDatabase } from "./db/client";
import { prepareDatabase } from "./db/startup";
import { buildApp } from "./app";
import { serveBackupRequests } from "./ops/live-backup";
import { pgliteDirOf } from "./ops/restore";

export interface StartOptions {
  /** React Router's server build, bundled beside this code (server/app-entry.ts). */
  ssrBuild: ServerBuild;
  /** The build folder (holds client/ and server/); the launcher knows where it is. */
  buildDir: string;
}

/** Opens the database, builds the app and listens until SIGTERM/SIGINT. */
export async function startServer({ ssrBuild, buildDir }: StartOptions) {
  const config = loadConfig();
  const database = await openDatabase({ url: config.DATABASE_URL, pgliteDir: pgliteDirOf(config.dataDir) });
  const app = await buildApp({
    config,
    database,
    ssrBuild,
    clientDir: path.join(buildDir, "client"),
    started: false,
  });

  // `npm run backup` asks this process for PGlite's dump (server/ops/live-backup.ts).
  const stopBackups = database.driver === "pglite" ? serveBackupRequests({ ...app.deps, database }) : () => {};

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "stopping: finishing requests in flight");
    try {
      stopBackups();
      await app.close();
      await database.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, "error while stopping");
      process.exit(1);
    }
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));

  // Listening first: /healthz answers at once and /readyz says 503 until start-up is over, which
  // may mean waiting for another process's migrations (server/db/startup.ts, decision 261).
  const address = await app.listen({ port: config.PORT, host: config.HOST });
  try {
    await prepareDatabase(app.deps);
  } catch (err) {
    app.log.error({ err }, "start-up failed: migrations or seeding");
    await app.close().catch(() => {});
    await database.close().catch(() => {});
    process.exit(1);
  }
  app.readiness.markStarted();
  // Only now: before the migrations ran, the worker's first claim met no jobs table.
  app.deps.jobs.start();
  app.log.info(`Shop ready at ${address.replace("0.0.0.0", "localhost")} (database: ${database.driver})`);
}
