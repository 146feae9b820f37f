/**
 * One run of wrk on random lines of a paths file (scripts/bench/random-paths.lua: "path" or
 * "path\tcookie" a line), for `npm run bench` and the side-by-side comparison of two builds.
 */
import { execFile } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** What Chrome accepts: pages and JSON compressed as a browser's are. */
export const BROWSER_ACCEPT_ENCODING = "gzip, deflate, br, zstd";

const LUA = path.join(path.dirname(fileURLToPath(import.meta.url)), "random-paths.lua");

/**
 * wrk at `connections` for `seconds` against `base`, each request a random line of `file`, every
 * request accepting `acceptEncoding`: requests a second, p50 and p99 in ms, timeouts, failures.
 */
export function runWrk({
  base,
  file,
  seconds,
  connections = 50,
  acceptEncoding = BROWSER_ACCEPT_ENCODING,
  wrkPath = "wrk",
}) {
  const args = ["-t", "2", "-c", String(connections), "-d", `${seconds}s`, "--timeout", "5s"];
  args.push("-s", LUA, base, "--", file, acceptEncoding);
  return new Promise((resolve, reject) => {
    execFile(wrkPath, args, { maxBuffer: 16 * 1024 * 1024 }, (err, stdout, stderr) => {
      if (err) return reject(new Error(`wrk failed: ${err.message}\n${stderr}`));
      const line = stdout.split("\n").find((l) => l.startsWith('{"requests"'));
      if (!line) return reject(new Error(`wrk printed no summary:\n${stdout}\n${stderr}`));
      const s = JSON.parse(line);
      resolve({
        reqs: s.requests / (s.duration_us / 1e6),
        requests: s.requests,
        p50: s.p50_us / 1000,
        p99: s.p99_us / 1000,
        timeouts: s.timeouts,
        failed: s.errors + s.non2xx,
      });
    });
  });
}
