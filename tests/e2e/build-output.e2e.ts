/**
 * The server is built once (decision 150): `npm run build` leaves one server bundle,
 * build/server/index.js (with its chunks under build/server/assets), which holds the services and
 * React Router's server build together. A second bundle of the services (the former esbuild
 * dist/server.js) or the services leaking into the browser build fails here.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = process.cwd();

function jsFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .flatMap((entry) =>
      entry.isFile() && /\.m?js$/.test(entry.name) ? [path.join(entry.parentPath, entry.name)] : [],
    );
}

/**
 * A function or class of the server, declared at the top level of the (unminified) server bundle.
 * Anchored at the start of a line: a page component's inner `placeOrder` is not the service.
 */
const SERVER_CODE = [
  /^async function buildApp\b/gm, // server/app.ts
  /^(?:var AppError = class|class AppError)\b/gm, // server/errors.ts
  /^async function getCart\b/gm, // a service (cart)
  /^async function placeOrder\b/gm, // a service (orders)
  /^async function migrateDatabase\b/gm, // server/db/client.ts
];

const count = (files: string[], re: RegExp) =>
  files.reduce((n, file) => n + (fs.readFileSync(file, "utf8").match(re)?.length ?? 0), 0);

describe("the build", () => {
  it("has one server bundle: build/server/index.js, exporting the boot and React Router's build", async () => {
    expect(fs.existsSync(path.join(root, "build/server/index.js"))).toBe(true);
    expect(fs.existsSync(path.join(root, "dist"))).toBe(false);
    const source = fs.readFileSync(path.join(root, "build/server/index.js"), "utf8");
    expect(source).toMatch(/export \{[^}]*\bstart\b[^}]*\}/);
    expect(source).toMatch(/export \{[^}]*\bssrBuild\b[^}]*\}/);
  });

  it("contains each service once, across every JavaScript file the build and the repository root hold", () => {
    const files = [
      ...jsFiles(path.join(root, "build")),
      ...fs
        .readdirSync(root)
        .filter((f) => /\.m?js$/.test(f))
        .map((f) => path.join(root, f)),
    ];
    for (const re of SERVER_CODE) expect(count(files, re), String(re)).toBe(1);
  });

  it("keeps the services out of the browser build", () => {
    const client = jsFiles(path.join(root, "build/client"));
    expect(client.length).toBeGreaterThan(0);
    for (const re of SERVER_CODE) expect(count(client, re), String(re)).toBe(0);
  });
});
