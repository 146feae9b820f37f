import { describe, expect, it } from "vitest";
import fs from "node:fs";
import path from "node:path";
import { rewriteReactRouter } from "../../scripts/react-router-server-memos";

const dist = path.resolve("node_modules/react-router/dist/development");
const esmFiles = fs.readdirSync(dist).filter((f) => f.endsWith(".mjs"));

describe("React Router's per-render work kept on the server (decision 388)", () => {
  it("finds both calls in the installed React Router's modules and rewrites each once", () => {
    const rewrote: string[] = [];
    for (const file of esmFiles) {
      const out = rewriteReactRouter(fs.readFileSync(path.join(dist, file), "utf8"));
      if (!out) continue;
      rewrote.push(...out.rewrote);
      expect(out.code).not.toContain("createServerRoutes(\n    manifest.routes,");
      expect(out.code).toContain("function __keptPartialManifestJson(");
    }
    expect(rewrote.sort()).toEqual(["function ServerRouter(", "function getPartialManifest("]);
  });

  it("fails the build when React Router's code no longer holds a call, instead of dropping the memo", () => {
    expect(() => rewriteReactRouter("function ServerRouter({ context }) { return createRoutes(context); }")).toThrow(
      /React Router's code changed/,
    );
    expect(rewriteReactRouter("export const unrelated = 1;")).toBeNull();
  });
});
