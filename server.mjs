// Starts the built shop: build/server/index.js is the one server bundle (`npm run build`), the
// React Router pages and the Fastify API together (server/app-entry.ts). Node flags: scripts/server-flags.mjs.
import { existsSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
import path from "node:path";

const buildDir = path.join(path.dirname(fileURLToPath(import.meta.url)), "build");
const entry = path.join(buildDir, "server", "index.js");
if (!existsSync(entry)) {
  console.error("No build found: run `npm run build` first (or `npm start`, which builds when needed).");
  process.exit(1);
}
const { start } = await import(pathToFileURL(entry).href);
await start(buildDir).catch((err) => {
  console.error(err);
  process.exit(1);
});
