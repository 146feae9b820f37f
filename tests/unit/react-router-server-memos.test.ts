import { describe, expect, it } from "vitest";
import fs from "node:fs";
import path from "node:path";
import { MEMOS, rewriteReactRouter } from "../../scripts/react-router-server-memos";

const dist = path.resolve("node_modules/react-router/dist/development");
const esmFiles = fs.readdirSync(dist).filter((f) => f.endsWith(".mjs"));

describe("React Router's per-render work kept on the server (decision 388)", () => {
  it("finds the three calls in the installed React Router's modules and rewrites each once", () => {
    const rewrote: string[] = [];
    for (const file of esmFiles) {
      const out = rewriteReactRouter(fs.readFileSync(path.join(dist, file), "utf8"));
      if (!out) continue;
      rewrote.push(...out.rewrote);
      expect(out.code).not.toContain("createServerRoutes(\n    manifest.routes,");
      expect(out.code).toContain("function __keptPartialManifestJson(");
    }
    expect(rewrote.sort()).toEqual([
      "function ServerRouter(",
      "function createStaticRouter(",
      "function getPartialManifest(",
    ]);
  });

  // The memos as the build adds them to React Router's code.
  const memos = new Function(`${MEMOS}; return { __keptServerRoutes, __keptDataRoutes };`)() as {
    __keptServerRoutes: (
      create: () => object,
      manifestRoutes: object,
      modules: object,
      future: object,
      spa: boolean,
    ) => object;
    __keptDataRoutes: (
      convert: (routes: unknown, map: unknown, parent: unknown, manifest: Record<string, unknown>) => object,
      map: object,
      routes: object,
    ) => object;
  };

  it("keeps the route objects across requests, though each request makes its own route modules object", () => {
    // React Router's handler calls createEntryRouteModules per request: the same modules, a new object.
    const manifestRoutes = {};
    const future = {};
    const root = { default: () => null };
    const product = { default: () => null };
    let made = 0;
    const create = () => ({ made: ++made });
    const first = memos.__keptServerRoutes(create, manifestRoutes, { root, product }, future, false);
    const second = memos.__keptServerRoutes(create, manifestRoutes, { root, product }, future, false);
    expect(second).toBe(first);
    expect(made).toBe(1);
    // Other modules (a rebuilt route in development) make them again.
    memos.__keptServerRoutes(create, manifestRoutes, { root, product: { default: () => null } }, future, false);
    memos.__keptServerRoutes(create, manifestRoutes, { root }, future, false);
    expect(made).toBe(3);
  });

  it("keeps the data routes and their manifest per route objects", () => {
    const routes = [{ id: "root" }];
    let converted = 0;
    const convert = (_routes: unknown, _map: unknown, _parent: unknown, manifest: Record<string, unknown>) => {
      converted++;
      manifest.root = { id: "root", converted: true };
      return [manifest.root];
    };
    const first = memos.__keptDataRoutes(convert, {}, routes);
    expect(memos.__keptDataRoutes(convert, {}, routes)).toBe(first);
    expect(first).toEqual({
      manifest: { root: { id: "root", converted: true } },
      dataRoutes: [{ id: "root", converted: true }],
    });
    memos.__keptDataRoutes(convert, {}, [{ id: "root" }]);
    expect(converted).toBe(2);
  });

  it("fails the build when React Router's code no longer holds a call, instead of dropping the memo", () => {
    expect(() => rewriteReactRouter("function ServerRouter({ context }) { return createRoutes(context); }")).toThrow(
      /React Router's code changed/,
    );
    expect(rewriteReactRouter("export const unrelated = 1;")).toBeNull();
  });
});
