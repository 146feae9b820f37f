/**
 * A page's render on a render thread (decision 405; server/http/render-threads.ts runs the threads).
 *
 * React Router hands entry.server.tsx an EntryContext that holds route objects, modules and
 * functions, which no message between threads can carry. What the render reads of it is the
 * loader data, the matched routes' ids and a few plain settings: `threadPayload` takes those, and
 * `renderOnThread` puts the context together again around the thread's own copy of the build (its
 * manifest, route modules and route branches, made once per thread). The page is the same bytes
 * either way: tests/e2e/render-threads.e2e.ts compares them.
 */
import type { EntryContext, RouteObject, ServerBuild, StaticHandlerContext } from "react-router";
import { createStaticHandler } from "react-router";
import type { Lang } from "@core/constants";
import { rememberPageDictionary } from "~/i18n/page-dictionary.server";
import { renderDocument, type RenderedDocument } from "./render-document.server";
import { HANDOFF_READ_ALREADY, keepHandoffText } from "./render-page.server";

type Match = StaticHandlerContext["matches"][number];

/** What goes to the thread: plain data only (a structured clone). */
export interface ThreadPayload {
  url: string;
  nonce: string | undefined;
  /** React Router's loader data for the browser, as text (render-page.server.tsx readHandoffText). */
  handoff: string | undefined;
  serverHandoffString: string | undefined;
  criticalCss: EntryContext["criticalCss"];
  routeDiscovery: EntryContext["routeDiscovery"];
  isSpaMode: boolean;
  handler: {
    basename: StaticHandlerContext["basename"];
    location: StaticHandlerContext["location"];
    /** Only a match's route id is read of its route: the static router finds the route itself by it. */
    matches: (Pick<Match, "params" | "pathname" | "pathnameBase"> & { route: { id: string } })[];
    loaderData: StaticHandlerContext["loaderData"];
    statusCode: number;
    deepestRenderedBoundaryId: string | null | undefined;
  };
}

/**
 * The payload of a page a thread may render, or null for one the main thread keeps: a page that
 * shows an error (an Error's own fields and class do not survive the clone) or answers a form
 * (rare, and its action data is the visitor's own).
 */
export function threadPayload(
  context: EntryContext,
  url: string,
  nonce: string | undefined,
  handoff: string | undefined,
): ThreadPayload | null {
  const handler = context.staticHandlerContext;
  if (handler.errors || handler.actionData) return null;
  return {
    url,
    nonce,
    handoff,
    serverHandoffString: context.serverHandoffString,
    criticalCss: context.criticalCss,
    routeDiscovery: context.routeDiscovery,
    isSpaMode: context.isSpaMode,
    handler: {
      basename: handler.basename,
      location: handler.location,
      matches: handler.matches.map((m) => ({
        params: m.params,
        pathname: m.pathname,
        pathnameBase: m.pathnameBase,
        route: { id: m.route.id },
      })),
      loaderData: handler.loaderData,
      statusCode: handler.statusCode,
      deepestRenderedBoundaryId: handler._deepestRenderedBoundaryId,
    },
  };
}

/** The thread's side: renders a payload with the thread's copy of the build. */
export async function renderOnThread(build: ServerBuild, payload: ThreadPayload): Promise<RenderedDocument> {
  const context = entryContextOf(build, payload);
  // What the root loader kept on the main thread for the render: the page's dictionary (root.tsx).
  const root = payload.handler.loaderData.root as { lang?: Lang } | undefined;
  if (root?.lang) rememberPageDictionary(root.lang, payload.handler.location.pathname);
  if (payload.handoff !== undefined) keepHandoffText(context, payload.handoff);
  return renderDocument(context, payload.url, payload.nonce);
}

type BuildParts = Pick<EntryContext, "routeModules" | "branches">;
const partsByBuild = new WeakMap<ServerBuild, BuildParts>();

/**
 * The route modules and ranked route branches of a build, made once: React Router makes them once
 * per handler on the main thread too (createEntryRouteModules, the static handler's branches), and
 * its memos of decision 388 find the same objects on every render.
 */
function partsOf(build: ServerBuild): BuildParts {
  let parts = partsByBuild.get(build);
  if (!parts) {
    const routeModules: EntryContext["routeModules"] = {};
    for (const [id, route] of Object.entries(build.routes)) if (route) routeModules[id] = route.module;
    const handler = createStaticHandler(routeTree(build) as RouteObject[]) as unknown as {
      _internalRouteBranches: EntryContext["branches"];
    };
    parts = { routeModules, branches: handler._internalRouteBranches };
    partsByBuild.set(build, parts);
  }
  return parts;
}

type TreeRoute = { id: string; path?: string; index?: boolean; caseSensitive?: boolean; children?: TreeRoute[] };

/** The build's routes as the nested objects a static handler ranks (ids, paths and nesting). */
function routeTree(build: ServerBuild): TreeRoute[] {
  const byParent = new Map<string | undefined, TreeRoute[]>();
  for (const route of Object.values(build.routes)) {
    if (!route) continue;
    const node: TreeRoute = { id: route.id, path: route.path, caseSensitive: route.caseSensitive };
    if (route.index) node.index = true;
    const siblings = byParent.get(route.parentId) ?? [];
    siblings.push(node);
    byParent.set(route.parentId, siblings);
  }
  const attach = (nodes: TreeRoute[]): TreeRoute[] =>
    nodes.map((node) => {
      const children = byParent.get(node.id);
      return children && !node.index ? { ...node, children: attach(children) } : node;
    });
  return attach(byParent.get(undefined) ?? []);
}

/** The EntryContext React Router made on the main thread, rebuilt from the payload and the thread's build. */
function entryContextOf(build: ServerBuild, payload: ThreadPayload): EntryContext {
  const { routeModules, branches } = partsOf(build);
  const { handler } = payload;
  const staticHandlerContext: StaticHandlerContext = {
    basename: handler.basename,
    location: handler.location,
    matches: handler.matches as StaticHandlerContext["matches"],
    loaderData: handler.loaderData,
    actionData: null,
    errors: null,
    statusCode: handler.statusCode,
    loaderHeaders: {},
    actionHeaders: {},
    _deepestRenderedBoundaryId: handler.deepestRenderedBoundaryId,
  };
  return {
    manifest: build.assets,
    branches,
    routeModules,
    staticHandlerContext,
    criticalCss: payload.criticalCss,
    serverHandoffString: payload.serverHandoffString,
    // The loader data was read on the main thread and is kept in renderMeta (keepHandoffText).
    serverHandoffStream: HANDOFF_READ_ALREADY,
    renderMeta: {},
    future: build.future,
    ssr: build.ssr,
    isSpaMode: payload.isSpaMode,
    routeDiscovery: payload.routeDiscovery,
    // As React Router's production server serializes an error: no message or stack of ours leaves.
    serializeError: () => ({ message: "Unexpected Server Error", stack: undefined }),
  } as EntryContext;
}
