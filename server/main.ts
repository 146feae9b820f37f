/** Boot: configuration, database, migrations, seed, Fastify with the API and the SSR handler. */
import path from "node:path";
import fs from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { loadConfig } from "./config";
import { migrateDatabase, openDatabase } from "./db/client";
import { seedOnStart } from "./db/seed";
import { buildApp } from "./app";

async function main() {
  const config = loadConfig();
  const database = await openDatabase({ url: config.DATABASE_URL, pgliteDir: path.join(config.dataDir, "db") });
  await migrateDatabase(database);

  // The build sits beside dist/ (where this bundle lives), whatever the working directory.
  const buildDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "build");
  const serverEntry = path.join(buildDir, "server", "index.js");
  const ssrBuild = fs.existsSync(serverEntry)
    ? ((await import(pathToFileURL(serverEntry).href)) as ServerBuild)
    : undefined;

  const app = await buildApp({ config, database, ssrBuild, clientDir: path.join(buildDir, "client") });
  await seedOnStart(app.deps);
  if (!ssrBuild) app.log.warn("No build found: run `npm run build` to serve the pages. Serving the API only.");

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "stopping: finishing requests in flight");
    try {
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

  const address = await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(`Shop ready at ${address.replace("0.0.0.0", "localhost")} (database: ${database.driver})`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
