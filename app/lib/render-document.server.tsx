/**
 * The whole page for React Router's EntryContext, as the bytes sent: rendered in one synchronous
 * pass (decision 384, render-page.server.tsx), its scripts deferred (decision 082), put into one
 * buffer without a string of the whole page (decision 395). The same on the main thread
 * (entry.server.tsx) and on a render thread (render-thread.server.tsx, decision 405).
 */
import type { EntryContext } from "react-router";
import { ServerRouter } from "react-router";
import { deferModuleScriptsInPieces } from "./defer-scripts.server";
import { pageBytes } from "./page-pieces.server";
import { renderPage } from "./render-page.server";

/** How long a render may wait for what suspended before it gives up on it (React Router's streamTimeout). */
export const STREAM_TIMEOUT_MS = 5_000;

export type RenderedDocument = {
  page: Buffer;
  /** A part of the page failed and is left for the browser to render (the page answers 500). */
  failed: boolean;
};

export async function renderDocument(
  context: EntryContext,
  url: string,
  nonce: string | undefined,
): Promise<RenderedDocument> {
  const { pieces, failed } = await renderPage(
    <ServerRouter context={context} url={url} nonce={nonce} />,
    nonce,
    // A render still waiting this long gives up on what is missing (its boundaries render in the browser).
    STREAM_TIMEOUT_MS + 1000,
  );
  // Not under `npm run dev`: there Vite serves every module apart, and React 18's development build
  // would warn about the inert preloads' attributes as it hydrates.
  return { page: pageBytes(import.meta.env.PROD ? deferModuleScriptsInPieces(pieces) : pieces), failed };
}
