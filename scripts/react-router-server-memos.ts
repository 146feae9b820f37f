/**
 * Pieces of React Router's per-request work done once on the server (decisions 388 and 403), by a
 * build step that rewrites four places in its bundled code (vite.config.ts bundles React Router into
 * the server for it).
 *
 * - `ServerRouter` builds the route objects of all the app's routes from the build's manifest on
 *   every render (`createServerRoutes`): the same objects each time, since the manifest and the
 *   route modules are the build's own.
 * - `<Scripts>` picks the routes of the page's path and its ancestors out of the manifest
 *   (`getPartialManifest`, matching the path against every route) and pretty-prints them into the
 *   page, on every render: the same text for every path with the same matched routes and ancestors
 *   (every product page, say).
 *
 * - `createStaticRouter` (called by `ServerRouter`) turns those route objects into data routes and a
 *   manifest of them on every render: kept per route objects, which the first memo keeps.
 * - Matching a path (twice a request: the server runtime's and the static handler's, both on the
 *   handler's ranked branches) tried each branch segment by segment, allocating a match of the root
 *   and a pattern, params and joined paths for every branch ranked above the page's: about 25 kB a
 *   product page each time, a tenth of the page's garbage (decision 403). Each branch's whole path
 *   is compiled once into one regular expression (React Router's own `compilePath`, case-insensitive:
 *   never stricter than the segments), and a branch whose whole path cannot match is skipped.
 *
 * - A document's loader data is encoded for the browser through a web stream, a timer and an abort
 *   listener, then read back to text before the page renders: `handoffStream`
 *   (app/lib/handoff-text.server.ts, decision 409) writes plain data's text in one pass and leaves
 *   the rest to React Router's `encodeViaTurboStream`; a client-side navigation's `.data` answer
 *   the same way (`handoffBody`).
 *
 * Each is kept per build (a WeakMap on the manifest); the manifests per page are kept under their
 * matched routes and ancestors, at most 256 of them (a visitor can ask for any path). A React
 * Router whose code no longer holds these calls fails the build with the call it did not find, so
 * an upgrade cannot quietly drop the memos or break the page.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";

interface Rewrite {
  /** The file of React Router's `dist` it applies to (by the function it holds). */
  holds: string;
  from: string;
  to: string;
  /** An import the rewritten code needs, added to the file once. */
  imports?: string;
}

/** The module of decision 409's encoder, by its path (the build resolves it like any other). */
const HANDOFF_TEXT_MODULE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "../app/lib/handoff-text.server.ts",
);
const HANDOFF_IMPORT = `import { handoffBody as __handoffBody, handoffStream as __handoffStream } from ${JSON.stringify(HANDOFF_TEXT_MODULE)};\n`;

const SERVER_ROUTES_CALL = `let routes = createServerRoutes(
    manifest.routes,
    routeModules,
    context.future,
    context.isSpaMode
  );`;

const PARTIAL_MANIFEST_CALL = `JSON.stringify(
        getPartialManifest(manifest, router),
        null,
        2
      )`;

const DATA_ROUTES_CALL = `let manifest = {};
  let dataRoutes = convertRoutesToDataRoutes(
    routes,
    mapRouteProperties,
    void 0,
    manifest
  );`;

const BRANCH_LOOP = `let decoded = decodePath(pathname);
  for (let i = 0; matches == null && i < branches.length; ++i) {
    matches = matchRouteBranch(`;

/** A document's loader data, encoded (the page's and, after a loader's error, the error page's). */
const handoffCall = (state: string, indent: string) => `serverHandoffStream: encodeViaTurboStream(
${indent}${state},`;
const handoffRewrite = (state: string, indent: string): Rewrite => ({
  holds: "function handleDocumentRequest(",
  from: handoffCall(state, indent),
  to: `serverHandoffStream: __handoffStream(encodeViaTurboStream, SingleFetchRedirectSymbol,
${indent}${state},`,
  imports: HANDOFF_IMPORT,
});

const REWRITES: Rewrite[] = [
  {
    holds: "function ServerRouter(",
    from: SERVER_ROUTES_CALL,
    to: `let routes = __keptServerRoutes(createServerRoutes, manifest.routes, routeModules, context.future, context.isSpaMode);`,
  },
  {
    holds: "function getPartialManifest(",
    from: PARTIAL_MANIFEST_CALL,
    to: `__keptPartialManifestJson(getPartialManifest, manifest, router)`,
  },
  {
    holds: "function createStaticRouter(",
    from: DATA_ROUTES_CALL,
    to: `let { manifest, dataRoutes } = __keptDataRoutes(convertRoutesToDataRoutes, mapRouteProperties, routes);`,
  },
  {
    holds: "function matchRoutesImpl(",
    from: BRANCH_LOOP,
    to: `let decoded = decodePath(pathname);
  let __whole = precomputedBranches && !allowPartial ? __wholePathMatchers(precomputedBranches, compilePath) : null;
  for (let i = 0; matches == null && i < branches.length; ++i) {
    if (__whole && !__whole[i].test(decoded)) continue;
    matches = matchRouteBranch(`,
  },
  handoffRewrite("state", "        "),
  handoffRewrite("state2", "          "),
  {
    // A client-side navigation's data (`.data`): the body as text when the data is plain.
    holds: "function generateSingleFetchResponse(",
    from: `return new Response(
    encodeViaTurboStream(
      result,`,
    to: `return new Response(
    __handoffBody(encodeViaTurboStream, SingleFetchRedirectSymbol,
      result,`,
    imports: HANDOFF_IMPORT,
  },
];

/**
 * Added to a rewritten file: the memos the rewritten calls use. React Router's request handler
 * makes `routeModules` a new object on every request (`createEntryRouteModules`), so the routes
 * are kept while it holds the same modules under the same ids, not while it is the same object.
 */
export const MEMOS = `
var __serverRoutesByManifest = new WeakMap();
function __sameRouteModules(a, b) {
  if (a === b) return true;
  let ids = Object.keys(b);
  if (Object.keys(a).length !== ids.length) return false;
  for (let id of ids) if (a[id] !== b[id]) return false;
  return true;
}
function __keptServerRoutes(create, manifestRoutes, routeModules, future, isSpaMode) {
  let kept = __serverRoutesByManifest.get(manifestRoutes);
  if (!kept || !__sameRouteModules(kept.routeModules, routeModules) || kept.future !== future || kept.isSpaMode !== isSpaMode) {
    kept = { routeModules, future, isSpaMode, routes: create(manifestRoutes, routeModules, future, isSpaMode) };
    __serverRoutesByManifest.set(manifestRoutes, kept);
  }
  return kept.routes;
}
var __dataRoutesByRoutes = new WeakMap();
function __keptDataRoutes(convert, mapRouteProperties, routes) {
  let kept = __dataRoutesByRoutes.get(routes);
  if (!kept) {
    let manifest = {};
    kept = { manifest, dataRoutes: convert(routes, mapRouteProperties, void 0, manifest) };
    __dataRoutesByRoutes.set(routes, kept);
  }
  return kept;
}
// Per ranked branches (the static handler's, made once): each branch's whole path as one matcher.
var __wholePathMatchersByBranches = new WeakMap();
function __wholePathMatchers(branches, compile) {
  let kept = __wholePathMatchersByBranches.get(branches);
  if (!kept) {
    kept = branches.map((branch) => compile(branch.path, false, true)[0]);
    __wholePathMatchersByBranches.set(branches, kept);
  }
  return kept;
}
var __partialManifestsByManifest = new WeakMap();
function __keptPartialManifestJson(partialManifest, manifest, router) {
  let kept = __partialManifestsByManifest.get(manifest);
  if (!kept) __partialManifestsByManifest.set(manifest, (kept = new Map()));
  // What getPartialManifest reads: the matched routes and the path's ancestors (all but its last segment).
  let key = router.state.matches.map((m) => m.route.id).join("\\n") + "\\n/" +
    router.state.location.pathname.split("/").filter(Boolean).slice(0, -1).join("/");
  let json = kept.get(key);
  if (json === undefined) {
    json = JSON.stringify(partialManifest(manifest, router), null, 2);
    if (kept.size >= 256) kept.delete(kept.keys().next().value);
    kept.set(key, json);
  }
  return json;
}
`;

const REACT_ROUTER_DIST = /[\\/]node_modules[\\/]react-router[\\/]dist[\\/].*\.m?js$/;

/** Rewrites `code` (a file of React Router's dist); null when it holds none of the places. */
export function rewriteReactRouter(code: string): { code: string; rewrote: string[] } | null {
  let out = code;
  const rewrote: string[] = [];
  const imports = new Set<string>();
  for (const { holds, from, to, imports: needs } of REWRITES) {
    if (!out.includes(holds)) continue;
    if (!out.includes(from)) {
      throw new Error(`react-router-server-memos: React Router's code changed; not found (decision 388):\n${from}`);
    }
    out = out.replace(from, to);
    rewrote.push(holds);
    if (needs) imports.add(needs);
  }
  return rewrote.length === 0 ? null : { code: [...imports].join("") + out + MEMOS, rewrote };
}

/** The build step, for the server's build only (the browser's router renders once per visit). */
export function reactRouterServerMemos(): Plugin {
  const rewrote = new Set<string>();
  return {
    name: "react-router-server-memos",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "ssr",
    transform(code, id) {
      if (!REACT_ROUTER_DIST.test(id)) return null;
      const out = rewriteReactRouter(code);
      if (out === null) return null;
      for (const holds of out.rewrote) rewrote.add(holds);
      return { code: out.code, map: null };
    },
    buildEnd(error) {
      const missing = REWRITES.filter(({ holds }) => !rewrote.has(holds));
      if (!error && missing.length > 0) {
        throw new Error(
          `react-router-server-memos: not applied to ${missing.map((r) => r.holds).join(", ")}: is React Router bundled into the server (ssr.noExternal)? (decision 388)`,
        );
      }
    },
  };
}
