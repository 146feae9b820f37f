/**
 * The input of the SSR build (vite.config.ts): React Router's server build and the whole Fastify
 * server, bundled once into build/server/index.js. `server.mjs` starts it; `npm run dev` loads this
 * file through Vite instead (scripts/dev.mjs), so the services exist in one module graph either way.
 */
import * as ssrBuild from "virtual:react-router/server-build";
import type { ServerBuild } from "react-router";
import { startServer } from "./main";
import { isRenderThread, serveRenders, type ThreadRenderer } from "./http/render-threads";

export { ssrBuild };
export { buildApp } from "./app";
export { loadConfig } from "./config";
export { migrateDatabase, openDatabase } from "./db/client";
export { seedOnStart } from "./db/seed";
export { backupCommand, restoreCommand } from "./ops/commands";

/** Production start: the launcher passes the build folder it found; this bundle is what render threads run. */
export const start = (buildDir: string) => startServer({ ssrBuild, buildDir, renderThreadUrl: import.meta.url });

// Loaded as a render thread (decision 405): no server, only renders of pages the main thread sends.
if (isRenderThread()) {
  const build = ssrBuild as unknown as ServerBuild;
  const { renderOnThread } = build.entry.module as unknown as { renderOnThread: ThreadRenderer };
  serveRenders(build, renderOnThread);
}
