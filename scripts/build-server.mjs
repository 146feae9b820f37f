// Bundles the Fastify server (server/main.ts) into dist/server.js; npm packages stay external.
import { build } from "esbuild";

await build({
  entryPoints: ["server/main.ts"],
  outfile: "dist/server.js",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  alias: { "~": "./app", "@core": "./core", "@server": "./server" },
  loader: { ".json": "json" },
  logLevel: "warning",
});
console.log("server bundled: dist/server.js");
