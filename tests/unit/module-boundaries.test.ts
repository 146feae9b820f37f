import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(__dirname, "../..");

function sourceFiles(dir: string): string[] {
  return fs
    .readdirSync(path.join(root, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.(ts|tsx)$/.test(e.name))
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)));
}

const importsOf = (file: string) =>
  [...fs.readFileSync(path.join(root, file), "utf8").matchAll(/(?:from|import)\s*\(?\s*"([^"]+)"/g)].map((m) => m[1]!);

describe("module boundaries", () => {
  it("keeps the server and core free of the browser app (app/): dictionaries and translate live in core/i18n", () => {
    const offenders = [...sourceFiles("server"), ...sourceFiles("core")].flatMap((file) =>
      importsOf(file)
        .filter((spec) => spec.startsWith("~/") || /(^|\/)app\//.test(spec))
        .map((spec) => `${file} imports ${spec}`),
    );
    expect(offenders).toEqual([]);
  });
});
