import type { ActionFunctionArgs, AppLoadContext, EntryContext, LoaderFunctionArgs } from "react-router";
import { ServerRouter } from "react-router";
import { renderToPipeableStream } from "react-dom/server";
import { Writable } from "node:stream";
import { deferPageScripts } from "./lib/defer-scripts.server";

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
 * The whole page, rendered before a byte of it is sent (decision 359). The server sends every page
 * in one piece anyway (server/http/read-eagerly.ts, decision 321) and guests' pages are kept whole
 * (decision 281), and no page defers data, so streaming it only cost CPU: each of React's chunks
 * went through a transform, a Node stream and a web stream on its way into one buffer. React now
 * writes into that buffer directly, and its scripts are deferred once on the whole text.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.nonce || undefined;
  return new Promise<Response>((resolve, reject) => {
    const errors: unknown[] = [];
    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />,
      {
        nonce,
        onAllReady() {
          // The shell rendered; a part that failed is drawn by the browser instead, and logged here.
          for (const error of errors) console.error(error);
          pipe(
            wholePage((html) => {
              clearTimeout(timer);
              responseHeaders.set("Content-Type", "text/html; charset=utf-8");
              const page = deferPageScripts(html);
              const body = new Uint8Array(page.buffer as ArrayBuffer, page.byteOffset, page.byteLength);
              resolve(new Response(body, { headers: responseHeaders, status: responseStatusCode }));
            }, reject),
          );
        },
        onShellError(error: unknown) {
          clearTimeout(timer);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          errors.push(error);
        },
      },
    );
    // A render still waiting this long gives up on what is missing (its boundaries render in the browser).
    const timer = setTimeout(abort, streamTimeout + 1000);
  });
}

/** A writable that keeps React's chunks and hands over the page once React has ended it. */
function wholePage(done: (html: Buffer) => void, failed: (error: Error) => void): Writable {
  const chunks: Buffer[] = [];
  return new Writable({
    write(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk);
      callback();
    },
    final(callback) {
      done(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks));
      callback();
    },
    destroy(error, callback) {
      if (error) failed(error);
      callback(error);
    },
  });
}
