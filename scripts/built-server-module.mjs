// The built server's own exports (server/server-entry.ts), for the command-line tools (backup, restore).
import { existsSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { SERVER_BUNDLE } from "./built-server.mjs";

export async function loadBuiltServer() {
  if (!existsSync(SERVER_BUNDLE)) {
    console.error("No build found: run `npm run build` first (or `npm start`, which builds when needed).");
    process.exit(1);
  }
  const bundle = await import(pathToFileURL(SERVER_BUNDLE).href);
  return bundle.loadServer();
}
