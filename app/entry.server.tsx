import type { ActionFunctionArgs, AppLoadContext, EntryContext, LoaderFunctionArgs } from "react-router";
import { ServerRouter } from "react-router";
import { deferModuleScriptsInPieces } from "./lib/defer-scripts.server";
import { pageBytes } from "./lib/page-pieces.server";
import { readHandoffAhead, renderPage } from "./lib/render-page.server";

export const streamTimeout = 5_000;

/**
 * A loader's or action's error is kept on the request's load context, so the server can answer a
 * page whose database went away with 503 instead of 500 (server/http/ssr.ts). Logged as before,
 * unless the visitor already left.
 */
export function handleError(error: unknown, { request, context }: LoaderFunctionArgs | ActionFunctionArgs) {
  context.errors?.push(error);
  if (!request.signal.aborted) console.error(error);
}

/**
 * The whole page, rendered before a byte of it is sent (decision 359) in one synchronous pass
 * (decision 384: app/lib/render-page.server.tsx), its scripts deferred (decision 082). The server
 * sends every page in one piece (server/http/read-eagerly.ts) and keeps guests' pages whole
 * (decision 281).
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.nonce || undefined;
  await readHandoffAhead(routerContext);
  const { pieces, failed } = await renderPage(
    <ServerRouter context={routerContext} url={request.url} nonce={nonce} />,
    nonce,
    // A render still waiting this long gives up on what is missing (its boundaries render in the browser).
    streamTimeout + 1000,
  );
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  // Not under `npm run dev`: there Vite serves every module apart, and React 18's development build
  // would warn about the inert preloads' attributes as it hydrates.
  // The bytes go to the server beside the Response, not through its body (a web stream: decision 392),
  // written piece by piece: no string of the whole page is made (decision 395).
  loadContext.page = pageBytes(import.meta.env.PROD ? deferModuleScriptsInPieces(pieces) : pieces);
  return new Response(null, { headers: responseHeaders, status: failed ? 500 : responseStatusCode });
}
