import { defineConfig } from "vitest/config";
import { fileURLToPath } from "node:url";

/** `npm run test:cluster`: two built shop processes on one PostgreSQL, Redis and bucket, behind nginx. */
export default defineConfig({
  resolve: {
    alias: {
      "~": fileURLToPath(new URL("./app", import.meta.url)),
      "@core": fileURLToPath(new URL("./core", import.meta.url)),
      "@server": fileURLToPath(new URL("./server", import.meta.url)),
    },
  },
  test: {
    include: ["tests/cluster/**/*.cluster.ts"],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    pool: "forks",
  },
});
