/**
 * The input of the SSR build (vite.config.ts): React Router's server build and the whole Fastify
 * server, bundled once into build/server/index.js. `server.mjs` starts it; `npm run dev` loads this
 * file through Vite instead (scripts/dev.mjs), so the services exist in one module graph either way.
 */
import * as ssrBuild from "virtual:react-router/server-build";
import { startServer } from "./main";

export { ssrBuild };
export { buildApp } from "./app";
export { loadConfig } from "./config";
export { migrateDatabase, openDatabase } from "./db/client";
export { seedOnStart } from "./db/seed";
export { backupCommand, restoreCommand } from "./ops/commands";

/** Production start: the launcher passes the build folder it found. */
export const start = (buildDir: string) => startServer({ ssrBuild, buildDir });
