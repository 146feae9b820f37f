// `npm run dev`: the shop from its sources, without a build. Vite runs in middleware mode (it serves
// the browser modules and hot updates); server/app-entry.ts (React Router's server build and the
// Fastify app, the same input the SSR build bundles) is loaded through Vite. When a file under app/,
// server/ or core/ changes, the next request loads the module graph again and builds a new Fastify
// app on the same database, so a changed service or route answers without a restart.
import http from "node:http";
import path from "node:path";
import { createServer } from "vite";

process.env.NODE_ENV ??= "development";
// Requests reach Vite first (browser modules, /@vite/client), then the Fastify app of the moment.
const server = http.createServer((req, res) => {
  vite.middlewares(req, res, async () => {
    (await app()).routing(req, res);
  });
});
// Hot updates share the page's port (no second port to collide with another dev server).
const vite = await createServer({ server: { middlewareMode: true, hmr: { server } }, appType: "custom" });

const entry = "/server/app-entry.ts";
const load = () => vite.ssrLoadModule(entry);

const first = await load();
const services = await first.loadServer();
const config = services.loadConfig();
const database = await services.openDatabase({ url: config.DATABASE_URL, pgliteDir: path.join(config.dataDir, "db") });
await services.migrateDatabase(database);

let current = await build(first);
await services.seedOnStart(current.deps);
let stale = false;
let rebuilding = null;

async function build(mod) {
  const { buildApp } = await mod.loadServer();
  const app = await buildApp({ config, database, ssrBuild: mod.ssrBuild });
  await app.ready();
  return app;
}

const watched = ["app", "server", "core"].map((dir) => path.resolve(dir) + path.sep);
vite.watcher.on("all", (_event, file) => {
  if (watched.some((dir) => file.startsWith(dir))) stale = true;
});

/** The app for this request: a new one when a source file changed since the last. */
async function app() {
  if (stale && !rebuilding) {
    stale = false;
    rebuilding = (async () => {
      const old = current;
      try {
        // Vite invalidates a changed file for the browser; the server's graph (the route modules behind
        // React Router's virtual server build included) is evaluated again whole, which takes a moment
        // and is always right.
        (vite.environments?.ssr?.moduleGraph ?? vite.moduleGraph).invalidateAll();
        current = await build(await load());
        current.log.info("sources changed: app reloaded");
        await old.close();
      } catch (err) {
        vite.ssrFixStacktrace(err);
        old.log.error({ err }, "reload failed; still serving the previous app");
      } finally {
        rebuilding = null;
      }
    })();
  }
  if (rebuilding) await rebuilding;
  return current;
}

const shutdown = async () => {
  server.close();
  await current.close().catch(() => undefined);
  await vite.close();
  await database.close();
  process.exit(0);
};
process.on("SIGTERM", () => void shutdown());
process.on("SIGINT", () => void shutdown());

server.listen(config.PORT, config.HOST, () => {
  current.log.info(`Shop (dev) ready at http://${config.HOST.replace("0.0.0.0", "localhost")}:${config.PORT}`);
});
