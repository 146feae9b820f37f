/**
 * A logged stack points at the TypeScript source (decision 363): the server runs without
 * `--enable-source-maps`, so the logger maps the bundle's frames itself, reading a map only when an
 * error is logged and letting it go a minute later.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { errWithSourceStack, forgetMaps, keptMaps, sourceMappedStack } from "../../server/logging/source-mapped-stack";
import {
  EMBEDDED_GLIBC_TUNABLES,
  SERVER_GLIBC_TUNABLES,
  EMBEDDED_NODE_FLAGS,
  SERVER_NODE_FLAGS,
  serverEnvAdditions,
  serverNodeFlags,
} from "../../scripts/server-flags.mjs";

/**
 * A bundle in <tmp>/build/server/ whose map says nothing of line 1 and sends line 2, column 1 to
 * line 5, column 3 of ../../src/thrower.ts (";AAIE": generated column 0, source 0, line +4, column +2).
 */
function bundle() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "shop-stack-"));
  const dir = path.join(root, "build", "server");
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, "index.js");
  fs.writeFileSync(file, "\"use strict\";\nthrow new Error('x');\n//# sourceMappingURL=index.js.map\n");
  const map = { version: 3, sources: ["../../src/thrower.ts"], names: [], mappings: ";AAIE" };
  fs.writeFileSync(`${file}.map`, JSON.stringify(map));
  const source = path.relative(process.cwd(), path.join(root, "src", "thrower.ts"));
  return { root, file, source };
}

afterEach(() => {
  forgetMaps();
  vi.useRealTimers();
});

describe("sourceMappedStack", () => {
  it("points a bundle's frames at the source, named and anonymous, as a path or a file URL", () => {
    const { root, file, source } = bundle();
    try {
      const stack = [
        "Error: the order could not be placed",
        `    at placeOrder (${pathToFileURL(file).href}:2:1)`,
        `    at ${file}:2:1`,
        "    at process.processTicksAndRejections (node:internal/process/task_queues:95:5)",
      ].join("\n");
      expect(sourceMappedStack(stack).split("\n")).toEqual([
        "Error: the order could not be placed",
        `    at placeOrder (${source}:5:3)`,
        `    at ${source}:5:3`,
        "    at process.processTicksAndRejections (node:internal/process/task_queues:95:5)",
      ]);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  it("leaves frames alone outside the server build, without a map, or where the map says nothing", () => {
    const { root, file } = bundle();
    try {
      const outside = "    at run (/srv/shop/node_modules/fastify/lib/route.js:1:1)";
      const noMap = `    at other (${path.join(path.dirname(file), "other.js")}:1:1)`;
      const unmapped = `    at first (${file}:1:1)`;
      const stack = ["Error: x", outside, noMap, unmapped].join("\n");
      expect(sourceMappedStack(stack)).toBe(stack);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  it("keeps a map for a minute after the last frame it mapped, then lets it go", () => {
    vi.useFakeTimers();
    const { root, file, source } = bundle();
    try {
      const frame = `    at f (${file}:2:1)`;
      expect(keptMaps()).toBe(0);
      sourceMappedStack(frame);
      expect(keptMaps()).toBe(1);
      vi.advanceTimersByTime(50_000);
      // A second error within the minute reads no file: the map is deleted, the frame still maps.
      fs.rmSync(`${file}.map`);
      expect(sourceMappedStack(frame)).toBe(`    at f (${source}:5:3)`);
      vi.advanceTimersByTime(50_000);
      expect(keptMaps()).toBe(1);
      vi.advanceTimersByTime(10_001);
      expect(keptMaps()).toBe(0);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  it("serializes a logged error as pino does, with its stack mapped", () => {
    const { root, file, source } = bundle();
    try {
      const err = Object.assign(new Error("boom"), { code: "E_BOOM" });
      err.stack = `Error: boom\n    at f (${file}:2:1)`;
      const out = errWithSourceStack(err);
      expect(out).toMatchObject({ type: "Error", message: "boom", code: "E_BOOM" });
      expect(out.stack).toBe(`Error: boom\n    at f (${source}:5:3)`);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});

describe("the built server's Node flags", () => {
  it("parse no source maps at start, and favour memory only on the embedded database", () => {
    expect(SERVER_NODE_FLAGS).not.toContain("--enable-source-maps");
    expect(serverNodeFlags({})).toEqual(EMBEDDED_NODE_FLAGS);
    expect(EMBEDDED_NODE_FLAGS).toContain("--max-semi-space-size=2");
    expect(EMBEDDED_NODE_FLAGS).not.toContain("--enable-source-maps");
    expect(serverNodeFlags({ DATABASE_URL: "postgres://db/shop" })).toEqual(SERVER_NODE_FLAGS);
    expect(serverEnvAdditions({})).toEqual({ GLIBC_TUNABLES: EMBEDDED_GLIBC_TUNABLES });
    // Two malloc arenas on PostgreSQL (decision 406); on the embedded database small blocks' own mappings only.
    expect(EMBEDDED_GLIBC_TUNABLES).toBe("glibc.malloc.mmap_threshold=131072");
    expect(serverEnvAdditions({ DATABASE_URL: "postgres://db/shop" })).toEqual({
      GLIBC_TUNABLES: SERVER_GLIBC_TUNABLES,
    });
    expect(SERVER_GLIBC_TUNABLES).toBe("glibc.malloc.arena_max=2");
    // An operator's own tunables win.
    expect(serverEnvAdditions({ GLIBC_TUNABLES: "glibc.malloc.arena_max=2" })).toEqual({});
  });
});
