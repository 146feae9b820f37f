/**
 * A page rendered whole to a string (decisions 359 and 384).
 *
 * No page defers data and the server sends every page in one piece, so nothing is gained by
 * streaming. React's synchronous string render skips what the streaming one does per chunk
 * (encoding each to bytes, copying it into a view, handing it to a stream) and the microtask hops
 * of a Suspense boundary that waits. What waited on every page was React Router's copy of the loader
 * data for the browser: its `StreamTransfer` component reads a stream inside Suspense.
 * `readHandoffText` reads that stream first and `keepHandoffText` leaves it where the component looks before
 * reading, so the page renders without suspending.
 */
import type { ReactElement } from "react";
import type { EntryContext } from "react-router";
import { renderToPipeableStream, renderToString } from "react-dom/server";
import { Writable } from "node:stream";
import { handoffTextOf } from "./handoff-text.server";
import { KeptMarkupContext } from "./kept-markup";
import { KeptMarkupPass } from "./kept-markup.server";
import type { PagePiece } from "./page-pieces.server";

/** React's marker of a boundary it left for the browser to render (something suspended or failed). */
const CLIENT_RENDERED_BOUNDARY = "<!--$!-->";

export type RenderedPage = {
  /** The page's text in order (page-pieces.server.ts: made into bytes without one string of it all). */
  pieces: PagePiece[];
  /** A part of the page failed and is left for the browser to render (the page answers 500). */
  failed: boolean;
};

/**
 * The page's HTML, with its doctype. Rendered to a string in one pass; a page that suspended there
 * (a lazy component's first use in this process) or whose part failed is rendered again the
 * streaming way, which waits for what suspended and reports what failed.
 */
export async function renderPage(
  element: ReactElement,
  nonce: string | undefined,
  timeoutMs: number,
): Promise<RenderedPage> {
  const kept = new KeptMarkupPass();
  const html = renderToString(withKeptMarkup(kept, element));
  if (!html.includes(CLIENT_RENDERED_BOUNDARY)) return { pieces: kept.finish(html, doctypeFor(html)), failed: false };
  const again = new KeptMarkupPass();
  const streamed = await renderStreaming(withKeptMarkup(again, element), nonce, timeoutMs);
  return { pieces: again.finish(streamed.html), failed: streamed.failed };
}

/** The page with the parts that are the same on many pages copied from their first render (decision 387). */
const withKeptMarkup = (kept: KeptMarkupPass, element: ReactElement) => (
  <KeptMarkupContext.Provider value={kept}>{element}</KeptMarkupContext.Provider>
);

// React's streaming render starts a document with its doctype; the string render does not.
const doctypeFor = (html: string) => (html.startsWith("<html") ? "<!DOCTYPE html>" : "");

type StreamRead = Promise<void> & { result?: { done: boolean; value: string } };

/**
 * React Router's loader data for the browser (a turbo-stream), read to its end (undefined when the
 * page has none). `keepHandoffText` leaves it as one finished read where its `StreamTransfer`
 * component looks first (`renderMeta.streamCache`, keyed by the read's number). The component then
 * writes the same scripts as chunk by chunk: the whole text enqueued, then the stream closed.
 * tests/api/edge-pages.test.ts reads the data back from a page, so a React Router that stops
 * looking there fails it rather than a shop's pages.
 */
export async function readHandoffText(context: EntryContext): Promise<string | undefined> {
  const stream = context.serverHandoffStream;
  if (!stream) return undefined;
  // Plain data is encoded as text at once (decision 409, handoff-text.server.ts): nothing to read.
  const kept = handoffTextOf(stream);
  if (kept !== undefined) return kept;
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let text = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
  }
  text += decoder.decode();
  reader.releaseLock();
  return text;
}

/**
 * Leaves the loader data's text where `StreamTransfer` looks before it reads (readHandoffText):
 * on the main thread after reading the stream, in a render thread with the text it was sent.
 */
export function keepHandoffText(context: EntryContext, text: string): void {
  const read: StreamRead = Object.assign(Promise.resolve(), { result: { done: true, value: text } });
  (context.renderMeta as { streamCache?: Record<number, StreamRead> }).streamCache = { 0: read };
  context.serverHandoffStream = HANDOFF_READ_ALREADY;
}

/**
 * What stands for the loader data's stream once its text is kept: `ServerRouter` takes a reader of
 * it at every render, and `StreamTransfer` never reads it while the text is there. The real stream,
 * read already, stayed locked by the first render's reader, so a page rendered again the streaming
 * way (something suspended the first time: a lazy part's first use) failed with "ReadableStream
 * is locked" (decision 408).
 */
export const HANDOFF_READ_ALREADY = { getReader: () => null } as unknown as ReadableStream<Uint8Array>;

/** The streaming render, to the end (`onAllReady`), its chunks kept in one writable. */
function renderStreaming(
  element: ReactElement,
  nonce: string | undefined,
  timeoutMs: number,
): Promise<{ html: string; failed: boolean }> {
  return new Promise((resolve, reject) => {
    const errors: unknown[] = [];
    const { pipe, abort } = renderToPipeableStream(element, {
      nonce,
      onAllReady() {
        // The shell rendered; a part that failed is drawn by the browser instead, and logged here.
        for (const error of errors) console.error(error);
        pipe(
          wholeText((html) => {
            clearTimeout(timer);
            resolve({ html, failed: errors.length > 0 });
          }, reject),
        );
      },
      onShellError(error: unknown) {
        clearTimeout(timer);
        reject(error);
      },
      onError(error: unknown) {
        errors.push(error);
      },
    });
    // A render still waiting this long gives up on what is missing (its boundaries render in the browser).
    const timer = setTimeout(abort, timeoutMs);
  });
}

/** A writable that keeps React's chunks and hands over the text once React has ended it. */
function wholeText(done: (html: string) => void, failed: (error: Error) => void): Writable {
  const chunks: Buffer[] = [];
  return new Writable({
    write(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk);
      callback();
    },
    final(callback) {
      done(Buffer.concat(chunks).toString("utf8"));
      callback();
    },
    destroy(error, callback) {
      if (error) failed(error);
      callback(error);
    },
  });
}
