/**
 * A logged error's stack, mapped from the server bundle back to the TypeScript it was built from
 * (decision 363). Node's `--enable-source-maps` would map every stack, but it parses the source
 * map of every module that has one as the module loads and keeps them all: 20–30 MB of the
 * embedded shop's 300 MB. Errors are rare, so a bundle's map is read when the first of its frames
 * is logged and let go a minute after the last.
 */
import fs from "node:fs";
import path from "node:path";
import { SourceMap } from "node:module";
import { fileURLToPath } from "node:url";
import { stdSerializers } from "pino";

/** `    at name (file:///…/x.js:12:34)` or `    at /…/x.js:12:34`: the frame's head, file, line, column. */
const FRAME = /^(\s+at (?:.+? \()?)((?:file:\/\/)?\/[^():]+):(\d+):(\d+)(\)?)$/;
const KEEP_MS = 60_000;

interface KeptMap {
  map: SourceMap | null;
  timer: NodeJS.Timeout;
}
const kept = new Map<string, KeptMap>();

/** Only the server's own build ships maps worth reading (its dependencies are readable JavaScript). */
export const inServerBuild = (file: string) => file.includes(`${path.sep}build${path.sep}server${path.sep}`);

function mapOf(file: string): SourceMap | null {
  const known = kept.get(file);
  if (known) {
    known.timer.refresh();
    return known.map;
  }
  let map: SourceMap | null = null;
  try {
    map = new SourceMap(JSON.parse(fs.readFileSync(`${file}.map`, "utf8")));
  } catch {
    // No map beside it (or an unreadable one): the frame stays as it is.
  }
  const timer = setTimeout(() => kept.delete(file), KEEP_MS);
  timer.unref();
  kept.set(file, { map, timer });
  return map;
}

/** How many maps are held now (for the test that they are let go). */
export const keptMaps = () => kept.size;

/** Forgets every map at once (tests). */
export function forgetMaps() {
  for (const { timer } of kept.values()) clearTimeout(timer);
  kept.clear();
}

/** The stack with each frame of a mapped file pointing at its source (path relative to the cwd). */
export function sourceMappedStack(stack: string, mapped: (file: string) => boolean = inServerBuild): string {
  return stack
    .split("\n")
    .map((line) => {
      const frame = FRAME.exec(line);
      if (!frame) return line;
      const [, head, location, row, column, tail] = frame as unknown as [
        string,
        string,
        string,
        string,
        string,
        string,
      ];
      const file = location.startsWith("file:") ? fileURLToPath(location) : location;
      if (!mapped(file)) return line;
      const entry = mapOf(file)?.findEntry(Number(row) - 1, Number(column) - 1);
      if (!entry || !("originalSource" in entry)) return line;
      const source = path.relative(process.cwd(), path.resolve(path.dirname(file), entry.originalSource));
      return `${head}${source}:${entry.originalLine + 1}:${entry.originalColumn + 1}${tail}`;
    })
    .join("\n");
}

/** pino's error serializer with the stack mapped: the logger's `err`. */
export function errWithSourceStack(err: Error) {
  const out = stdSerializers.err(err);
  if (typeof out?.stack === "string") out.stack = sourceMappedStack(out.stack);
  return out;
}
