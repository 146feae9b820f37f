import type { ActionFunctionArgs, AppLoadContext, EntryContext, LoaderFunctionArgs } from "react-router";
import { STREAM_TIMEOUT_MS, renderDocument } from "./lib/render-document.server";
import { keepHandoffText, readHandoffText } from "./lib/render-page.server";
import { threadPayload } from "./lib/render-thread.server";
import type { ThreadRendered } from "@server/http/render-threads";

export const streamTimeout = STREAM_TIMEOUT_MS;

// A render thread renders with this module's copy of the build (decision 405, server/app-entry.ts).
export { renderOnThread } from "./lib/render-thread.server";

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
 * The whole page, rendered before a byte of it is sent (decision 359, lib/render-document.server.tsx),
 * on a render thread when the server runs them (decision 405), else here. The server sends every
 * page in one piece (server/http/read-eagerly.ts) and keeps guests' pages whole (decision 281).
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.nonce || undefined;
  const handoff = await readHandoffText(routerContext);
  const { page, failed, compressed } = await render(routerContext, request.url, nonce, handoff, loadContext);
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  // The bytes go to the server beside the Response, not through its body (a web stream: decision 392).
  loadContext.page = page;
  loadContext.compressedPage = compressed;
  return new Response(null, { headers: responseHeaders, status: failed ? 500 : responseStatusCode });
}

async function render(
  context: EntryContext,
  url: string,
  nonce: string | undefined,
  handoff: string | undefined,
  loadContext: AppLoadContext,
): Promise<ThreadRendered> {
  const threads = loadContext.renderThreads;
  const payload = threads ? threadPayload(context, url, nonce, handoff) : null;
  if (threads && payload) {
    try {
      // A page for this visitor alone comes back compressed too (decision 407).
      return await threads.render(payload, loadContext.pageEncoding);
    } catch (error) {
      // The thread could not (data that does not clone, a thread that died): render here instead.
      threads.fellBack(error);
    }
  }
  if (handoff !== undefined) keepHandoffText(context, handoff);
  return renderDocument(context, url, nonce);
}
