// `npm start`: builds once when there is no build (or it is older than the sources), then serves.
import { existsSync, statSync, readdirSync } from "node:fs";
import { execSync, spawn } from "node:child_process";
import path from "node:path";
import { serverEnvAdditions, serverNodeFlags } from "./server-flags.mjs";

function newest(dir) {
  let t = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    t = Math.max(t, entry.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

const bundle = "build/server/index.js";
const built = existsSync(bundle);
const stale = built && Math.max(newest("app"), newest("server"), newest("core")) > statSync(bundle).mtimeMs;
if (!built || stale) {
  console.log(built ? "Sources changed: rebuilding…" : "First start: building the shop…");
  execSync("npm run build", { stdio: "inherit" });
}

// Production needs PUBLIC_URL (the address every e-mail link uses); on a bare machine it is this one.
const publicUrl = process.env.PUBLIC_URL || `http://localhost:${process.env.PORT || 3000}`;
const child = spawn(process.execPath, [...serverNodeFlags(process.env), "server.mjs"], {
  stdio: "inherit",
  env: { NODE_ENV: "production", ...process.env, ...serverEnvAdditions(process.env), PUBLIC_URL: publicUrl },
});
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => child.kill(sig));
child.on("exit", (code) => process.exit(code ?? 0));
