import { afterAll, describe, expect, it } from "vitest";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { MEMOS, rewriteReactRouter } from "../../scripts/react-router-server-memos";

const dist = path.resolve("node_modules/react-router/dist/development");
const esmFiles = fs.readdirSync(dist).filter((f) => f.endsWith(".mjs"));

describe("React Router's per-render work kept on the server (decision 388)", () => {
  it("finds the calls in the installed React Router's modules and rewrites each once", () => {
    const rewrote: string[] = [];
    for (const file of esmFiles) {
      const out = rewriteReactRouter(fs.readFileSync(path.join(dist, file), "utf8"));
      if (!out) continue;
      rewrote.push(...out.rewrote);
      expect(out.code).not.toContain("createServerRoutes(\n    manifest.routes,");
      expect(out.code).toContain("function __keptPartialManifestJson(");
      if (out.rewrote.includes("function handleDocumentRequest(")) {
        expect(out.code).not.toContain("serverHandoffStream: encodeViaTurboStream(");
        expect(out.code).not.toContain("new Response(\n    encodeViaTurboStream(");
        expect(
          out.code.match(
            /import \{ handoffBody as __handoffBody, handoffStream as __handoffStream \} from "[^"]+handoff-text\.server\.ts";/g,
          ),
        ).toHaveLength(1);
      }
    }
    // The branch loop is in the server's chunk and in the React Server Components entry.
    // The loader data's encoding: the document's, after a loader's error the error page's, and a
    // client-side navigation's `.data` answer (decision 409).
    expect(rewrote.sort()).toEqual([
      "function ServerRouter(",
      "function createStaticRouter(",
      "function generateSingleFetchResponse(",
      "function getPartialManifest(",
      "function handleDocumentRequest(",
      "function handleDocumentRequest(",
      "function matchRoutesImpl(",
      "function matchRoutesImpl(",
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

describe("a path matched against each branch's whole path first (decision 403)", () => {
  // The rewritten chunk beside the original, so that its own imports resolve as the original's do.
  const chunk = esmFiles.find((f) =>
    fs.readFileSync(path.join(dist, f), "utf8").includes("function createStaticHandler("),
  );
  const rewrittenFile = path.join(dist, `.rewritten-for-test-${process.pid}.mjs`);
  afterAll(() => fs.rmSync(rewrittenFile, { force: true }));

  type Handler = { query: (r: Request) => Promise<unknown> };
  type Module = { createStaticHandler: (routes: unknown[]) => Handler };
  const load = async (rewritten: boolean): Promise<Module> => {
    if (!rewritten) return import(pathToFileURL(path.join(dist, chunk!)).href);
    fs.writeFileSync(rewrittenFile, rewriteReactRouter(fs.readFileSync(path.join(dist, chunk!), "utf8"))!.code);
    return import(pathToFileURL(rewrittenFile).href);
  };

  // The shop's shapes (a root, path-less guards, params) and React Router's others.
  const routes = () => [
    {
      id: "root",
      path: "",
      children: [
        { id: "home", index: true },
        { id: "shop", path: "shop" },
        { id: "product", path: "product/:id" },
        { id: "guard", children: [{ id: "account", path: "account" }] },
        {
          id: "moderator",
          path: "moderator",
          children: [
            { id: "moderator-home", index: true },
            { id: "edit", path: "edit-product/:id" },
          ],
        },
        { id: "optional", path: "docs/:lang?/intro" },
        { id: "case", path: "Case", caseSensitive: true },
        { id: "files", path: "files/*" },
        { id: "not-found", path: "*" },
      ],
    },
  ];
  const paths = [
    "/ /shop /SHOP /shop/ /shop// //shop /product/abc /product/a%20b /product/%D9%87",
    "/product/ /product/a/b /account /moderator /moderator/ /moderator/edit-product/7 /moderator/edit-product /docs/intro /docs/en/intro",
    "/docs/en/fr/intro /case /Case /files /files/a/b /nothing/here /product/%E0%A4%A /ar/product/1",
  ].flatMap((line) => line.split(" "));

  it("finds the same routes, params and paths as React Router's own matching", async () => {
    const [original, rewritten] = await Promise.all([load(false), load(true)]);
    const matched = async (module: Module, p: string) => {
      const context = (await module.createStaticHandler(routes()).query(new Request(`http://shop.test${p}`))) as {
        matches: { route: { id: string }; params: object; pathname: string; pathnameBase: string }[];
      };
      return context.matches.map((m) => [m.route.id, m.params, m.pathname, m.pathnameBase]);
    };
    for (const p of paths) expect(await matched(rewritten, p), p).toEqual(await matched(original, p));
    // And it matched something other than the catch-all where a route is there.
    expect((await matched(rewritten, "/product/abc")).map((m) => m[0])).toEqual(["root", "product"]);
    expect((await matched(rewritten, "/Case")).map((m) => m[0])).toEqual(["root", "case"]);
    expect((await matched(rewritten, "/case")).map((m) => m[0])).toEqual(["root", "not-found"]);
  });
});
