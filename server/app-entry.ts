/**
 * The input of the SSR build (vite.config.ts): React Router's server build and the whole Fastify
 * server, bundled once into build/server/index.js and its chunks. `server.mjs` starts it; `npm run
 * dev` loads this file through Vite instead (scripts/dev.mjs), so the services exist in one module
 * graph either way.
 *
 * The server's own half (server/server-entry.ts) is imported on demand: a render thread loads this
 * bundle for its pages and their loaders' modules only, not Fastify, the database drivers, mail or
 * PDFs, which cost each thread 30 MB it never used (decision 406).
 */
import * as ssrBuild from "virtual:react-router/server-build";
import type { ServerBuild } from "react-router";
import { isRenderThread, serveRenders, type ThreadRenderer } from "./http/render-threads";
import { forgetUnrunModules } from "./forget-unrun-modules";

export { ssrBuild };

// Every static import has run by now: what Node only read of React's packages can go.
forgetUnrunModules();

/** The server's boot, app, configuration, database and commands (scripts, tests, `npm run dev`). */
export const loadServer = async () => {
  const server = await import("./server-entry");
  forgetUnrunModules();
  return server;
};

/** Production start: the launcher passes the build folder it found; this bundle is what render threads run. */
export const start = async (buildDir: string) =>
  (await loadServer()).startServer({ ssrBuild, buildDir, renderThreadUrl: import.meta.url });

// Loaded as a render thread (decision 405): no server, only renders of pages the main thread sends.
if (isRenderThread()) {
  const build = ssrBuild as unknown as ServerBuild;
  const { renderOnThread } = build.entry.module as unknown as { renderOnThread: ThreadRenderer };
  serveRenders(build, renderOnThread);
}
