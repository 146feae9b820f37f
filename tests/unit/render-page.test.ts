import { describe, expect, it, vi } from "vitest";
import { createElement, lazy, Suspense, type ReactElement } from "react";
import { renderToPipeableStream } from "react-dom/server";
import { PassThrough } from "node:stream";
import type { EntryContext } from "react-router";
import { pageText } from "../../app/lib/page-pieces.server";
import { keepHandoffText, readHandoffText, renderPage as renderPieces } from "../../app/lib/render-page.server";

const h = createElement;

/** The page render with its pieces read as one text. */
async function renderPage(element: ReactElement, nonce: string | undefined, timeoutMs: number) {
  const { pieces, failed } = await renderPieces(element, nonce, timeoutMs);
  return { html: pageText(pieces), failed };
}

/** React's streaming render of the same element, to the end: what pages were rendered with before. */
function streamed(element: ReactElement): Promise<string> {
  return new Promise((resolve, reject) => {
    const { pipe } = renderToPipeableStream(element, {
      onAllReady() {
        const out = new PassThrough();
        const chunks: Buffer[] = [];
        out.on("data", (c: Buffer) => chunks.push(c));
        out.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
        pipe(out);
      },
      onShellError: reject,
    });
  });
}

/** A part of a page whose data failed. */
function Broken(): ReactElement {
  throw new Error("reviews unavailable");
}

const page = (body: ReactElement) =>
  h("html", { lang: "ar", dir: "rtl" }, h("head", null, h("title", null, "أزياء")), h("body", null, body));

describe("a page rendered whole to a string (decision 384)", () => {
  it("is the streaming render's document, doctype first, Arabic and numbers as they are", async () => {
    const element = page(h("main", null, h("h1", null, "فساتين للعيد"), h("p", null, "EGP ", 1250, " ج.م")));
    const rendered = await renderPage(element, undefined, 1000);
    expect(rendered.failed).toBe(false);
    expect(rendered.html).toMatch(/^<!DOCTYPE html><html lang="ar" dir="rtl">/);
    expect(rendered.html).toBe(await streamed(element));
  });

  it("waits for a lazy component used for the first time instead of leaving it to the browser", async () => {
    const Sizes = lazy(async () => ({
      default: () => h("table", null, h("tbody", null, h("tr", null, h("td", null, "M 38")))),
    }));
    const element = page(h(Suspense, { fallback: h("p", null, "loading") }, h(Sizes)));
    const first = await renderPage(element, undefined, 1000);
    expect(first.html).toContain("<td>M 38</td>");
    expect(first.html).not.toContain("loading");
    expect(first.html).not.toContain("<!--$!-->");
    // Loaded once, the lazy component renders in the string pass too: the same page again.
    expect((await renderPage(element, undefined, 1000)).html).toBe(first.html);
  });

  it("reports a part that failed, which the browser then renders", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const rendered = await renderPage(page(h(Suspense, { fallback: h("p", null, "…") }, h(Broken))), undefined, 1000);
    expect(rendered.failed).toBe(true);
    expect(rendered.html).toContain("<!--$!-->");
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });

  it("reads the browser's copy of the loader data ahead, whole, a split Arabic letter included", async () => {
    const bytes = new TextEncoder().encode('[{"name":"فستان"}]\n');
    const split = bytes.indexOf(0xd9) + 1; // inside the first Arabic letter's two bytes
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes.slice(0, split));
        controller.enqueue(bytes.slice(split));
        controller.close();
      },
    });
    const context = { serverHandoffStream: stream, renderMeta: {} } as unknown as EntryContext;
    keepHandoffText(context, (await readHandoffText(context))!);
    const cache = (context.renderMeta as { streamCache: Record<number, { result: unknown }> }).streamCache;
    expect(cache[0]!.result).toEqual({ done: true, value: '[{"name":"فستان"}]\n' });
    expect(stream.locked).toBe(false);
  });
});
