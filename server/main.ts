/** Boot: configuration, database, migrations, seed, Fastify with the API and the SSR handler. */
import { spawn } from "node:child_process";
import { once } from "node:events";
import path from "node:path";
import type { ServerBuild } from "react-router";
import { loadConfig } from "./config";
import { openDatabase } from "./db/client";
import { prepareDatabase } from "./db/startup";
import { buildApp } from "./app";
import { serveBackupRequests } from "./ops/live-backup";
import { pgliteDirOf } from "./ops/restore";
import { setCatalogueMemoMb } from "./modules/catalog/read/catalog-memo";

export interface StartOptions {
  /** React Router's server build, bundled beside this code (server/app-entry.ts). */
  ssrBuild: ServerBuild;
  /** The build folder (holds client/ and server/); the launcher knows where it is. */
  buildDir: string;
  /** The bundle a render thread loads (decision 405); without it pages render on the main thread. */
  renderThreadUrl?: string;
}

/** Set in the child that prepares an embedded database (prepareEmbeddedInChild). */
const PREPARE_ONLY = "SHOP_PREPARE_ONLY";

/**
 * PGlite runs PostgreSQL in WebAssembly memory, which grows while it creates, migrates and seeds a
 * database and is never given back: the first start held 760 MB for the life of the process, a
 * later start on the same data 275 MB (decision 342). So a shop on PGlite migrates and seeds in a
 * short-lived child process (this same launcher, with PREPARE_ONLY set), and opens the prepared
 * database only when the child has exited. On PostgreSQL the database's memory is not ours.
 */
async function prepareEmbeddedInChild(): Promise<void> {
  const child = spawn(process.execPath, [...process.execArgv, ...process.argv.slice(1)], {
    env: { ...process.env, [PREPARE_ONLY]: "1" },
    stdio: "inherit",
  });
  // A stop asked for meanwhile stops the preparation too (it resumes at the next start).
  const forward = (signal: NodeJS.Signals) => child.kill(signal);
  process.on("SIGTERM", forward).on("SIGINT", forward);
  const [code, signal] = (await once(child, "exit")) as [number | null, NodeJS.Signals | null];
  process.off("SIGTERM", forward).off("SIGINT", forward);
  if (signal) process.exit(0);
  if (code !== 0) throw new Error(`preparing the embedded database failed (exit code ${code})`);
}

/** Opens the database, builds the app and listens until SIGTERM/SIGINT. */
export async function startServer({ ssrBuild, buildDir, renderThreadUrl }: StartOptions) {
  const config = loadConfig();
  const prepareOnly = process.env[PREPARE_ONLY] === "1";
  if (!config.DATABASE_URL && !prepareOnly) await prepareEmbeddedInChild();
  const database = await openDatabase({ url: config.DATABASE_URL, pgliteDir: pgliteDirOf(config.dataDir) });
  setCatalogueMemoMb(config.CATALOGUE_MEMO_MB ?? (database.driver === "pglite" ? 6 : 16));
  const app = await buildApp({
    config,
    database,
    ssrBuild,
    renderThreadUrl,
    clientDir: path.join(buildDir, "client"),
    started: false,
  });

  if (prepareOnly) {
    await prepareDatabase(app.deps);
    await app.close();
    await database.close();
    process.exit(0);
  }

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
