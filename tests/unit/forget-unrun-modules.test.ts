/**
 * Decision 406: the CommonJS files Node reads only to list a package's exports (React's
 * development build under NODE_ENV=production) are let go once the imports have run. A package of
 * two builds chosen the way React chooses, imported from ES modules as the server bundle imports
 * React (tests/e2e/build-output.e2e.ts checks the real bundle).
 */
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { forgetUnrunModules } from "../../server/forget-unrun-modules";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "unrun-modules-"));
const pkg = path.join(root, "node_modules", "two-builds");
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

fs.mkdirSync(pkg, { recursive: true });
fs.writeFileSync(
  path.join(pkg, "index.js"),
  `if (process.env.TWO_BUILDS === "fast") module.exports = require("./fast.js");
else module.exports = require("./slow.js");`,
);
fs.writeFileSync(path.join(pkg, "fast.js"), "exports.build = 'fast';");
fs.writeFileSync(path.join(pkg, "slow.js"), `exports.build = 'slow'; /* ${"x".repeat(100_000)} */`);

const cache = createRequire(import.meta.url).cache;
const cached = () =>
  Object.keys(cache)
    .filter((file) => file.startsWith(pkg))
    .map((file) => path.basename(file))
    .sort();

describe("forgetUnrunModules", () => {
  it("drops the build Node only read for its exports, and keeps the one that ran", async () => {
    process.env.TWO_BUILDS = "fast";
    const { build } = (await import(pathToFileURL(path.join(pkg, "index.js")).href)) as { build: string };
    expect(build).toBe("fast");
    // What Node does: both builds are in its module cache, the other one read but never run.
    expect(cached()).toEqual(["fast.js", "index.js", "slow.js"]);
    expect(cache[path.join(pkg, "slow.js")]?.loaded).toBe(false);

    expect(forgetUnrunModules()).toBeGreaterThanOrEqual(1);
    expect(cached()).toEqual(["fast.js", "index.js"]);
    // Nothing that ran was touched: the package still answers from its cache.
    expect(createRequire(path.join(pkg, "index.js"))("./index.js").build).toBe("fast");
  });
});
