// `npm run test:e2e`: builds when needed, then runs the browser journeys against the built server.
import { execSync } from "node:child_process";
import { isBuilt } from "./built-server.mjs";

if (process.env.SKIP_BUILD !== "1" || !isBuilt()) {
  execSync("npm run build", { stdio: "inherit" });
}
execSync(`npx vitest run --config vitest.e2e.config.ts ${process.argv.slice(2).join(" ")}`, { stdio: "inherit" });
