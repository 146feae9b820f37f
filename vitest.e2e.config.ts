import { defineConfig } from "vitest/config";
import { fileURLToPath } from "node:url";

/** Browser tests: the built server on a fresh database, driven by Debian's Chromium. */
export default defineConfig({
  resolve: {
    alias: {
      "~": fileURLToPath(new URL("./app", import.meta.url)),
      "@core": fileURLToPath(new URL("./core", import.meta.url)),
      "@server": fileURLToPath(new URL("./server", import.meta.url)),
    },
  },
  test: {
    include: ["tests/e2e/**/*.e2e.ts"],
    globalSetup: ["tests/e2e/support/server-setup.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // One browser at a time: the machine has two cores and the server needs one.
    fileParallelism: false,
    pool: "forks",
  },
});
