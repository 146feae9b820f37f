// `npm run test:cluster`: builds when needed, then runs tests/cluster against two built processes
// behind nginx (PostgreSQL at PGBASE or 127.0.0.1:5432, Redis at REDIS_URL or 127.0.0.1:6379).
import { execSync, spawnSync } from "node:child_process";
import { isBuilt } from "./built-server.mjs";

if (process.env.SKIP_BUILD !== "1" || !isBuilt()) {
  execSync("npm run build", { stdio: "inherit" });
}
const run = spawnSync("npx", ["vitest", "run", "--config", "vitest.cluster.config.ts", ...process.argv.slice(2)], {
  stdio: "inherit",
});
process.exit(run.status ?? 1);
