/**
 * The API reference: the OpenAPI document at /api/openapi.json (built by @fastify/swagger from the
 * operation contracts) and a rendered reference page at /api/docs (Scalar's standalone script,
 * served from node_modules: nothing is fetched from a CDN).
 */
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { FastifyInstance } from "fastify";

const require = createRequire(import.meta.url);

function scalarScriptPath(): string {
  // The package exports only its entry (dist/index.js); the browser bundle sits beside it.
  return path.join(path.dirname(require.resolve("@scalar/fastify-api-reference")), "js", "standalone.js");
}

/** No remote fonts, no proxy, no telemetry: the page only talks to this server. */
const CONFIGURATION = JSON.stringify({ withDefaultFonts: false, hideClientButton: true, telemetry: false });

const page = (title: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
</head>
<body>
<script id="api-reference" data-url="/api/openapi.json" data-configuration='${CONFIGURATION}'></script>
<script src="/api/docs/scalar.js"></script>
</body>
</html>`;

const PAGE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  // Scalar sets its styles at run time.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join(";");

export function registerApiReference(app: FastifyInstance) {
  const hidden = { hide: true };
  app.get("/api/openapi.json", { config: { access: "public" }, schema: hidden }, async () => app.swagger());

  app.get("/api/docs", { config: { access: "public" }, schema: hidden }, async (_req, reply) =>
    reply.type("text/html; charset=utf-8").header("content-security-policy", PAGE_CSP).send(page("Azya shop API")),
  );

  let script: Buffer | null = null;
  app.get("/api/docs/scalar.js", { config: { access: "public" }, schema: hidden }, async (_req, reply) => {
    script ??= await fs.promises.readFile(scalarScriptPath());
    return reply.type("text/javascript; charset=utf-8").header("cache-control", "public, max-age=86400").send(script);
  });
}
