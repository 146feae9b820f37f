import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { DEFERRED_MODULE_ID, deferModuleScripts, deferScriptsTransform } from "../../app/lib/defer-scripts.server";

// The shape React Router's <Scripts /> renders, with React 19 hoisting the preloads into <head>.
const shell = [
  `<!DOCTYPE html><html lang="ar" dir="rtl"><head><meta charSet="utf-8"/>`,
  `<link rel="modulepreload" href="/assets/entry.client-A.js" nonce="N0nce=="/>`,
  `<link rel="modulepreload" href="/assets/root-B.js" nonce="N0nce=="/>`,
  `<link rel="modulepreload" href="/assets/entry.client-A.js" nonce="N0nce=="/>`,
  `<link nonce="N0nce==" rel="stylesheet" href="/assets/entry-C.css#"/></head>`,
  `<body><h1>فساتين للعيد</h1><a href="/shop">تسوقي الآن</a>`,
  `<script nonce="N0nce==">window.__reactRouterContext = {};</script>`,
  `<script nonce="N0nce==" type="module" async="">import * as route0 from "/assets/root-B.js";\nimport("/assets/entry.client-A.js");</script>`,
].join("");
const streamed = `<script nonce="N0nce==">window.__reactRouterContext.streamController.enqueue("[\\"فستان\\"]");</script></body></html>`;

describe("scripts after the first paint", () => {
  it("drops the module preloads and turns the module script into an inert one its loader starts", () => {
    const out = deferModuleScripts(shell + streamed)!;
    expect(out).not.toContain(`<link rel="modulepreload"`);
    expect(out).not.toMatch(/<script[^>]*type="module"/);
    // The stylesheet is now the first thing <head> asks for.
    expect(out).toContain(`<meta charSet="utf-8"/><link nonce="N0nce==" rel="stylesheet"`);
    expect(out).toContain(
      `<script type="text/x-deferred-module" id="${DEFERRED_MODULE_ID}" data-preload="/assets/entry.client-A.js /assets/root-B.js">` +
        `import * as route0 from "/assets/root-B.js";\nimport("/assets/entry.client-A.js");</script><script nonce="N0nce==">(function(){`,
    );
    // The page itself and the streamed loader data are untouched.
    expect(out).toContain(`<body><h1>فساتين للعيد</h1><a href="/shop">تسوقي الآن</a>`);
    expect(out.endsWith(streamed)).toBe(true);
  });

  it("waits while the module script has not fully arrived", () => {
    expect(deferModuleScripts(shell.slice(0, -"</script>".length))).toBeNull();
    expect(deferModuleScripts(`<html><body><p>Error</p></body></html>`)).toBeNull();
  });

  it("writes a loader without a nonce when the page has none", () => {
    const out = deferModuleScripts(`<body><script type="module" async="">import("/e.js");</script></body>`)!;
    expect(out).toMatch(/data-preload="">import\("\/e\.js"\);<\/script><script>\(function\(\)\{/);
  });

  async function through(chunks: Buffer[]): Promise<string> {
    const out: Buffer[] = [];
    for await (const chunk of Readable.from(chunks).pipe(deferScriptsTransform())) out.push(chunk as Buffer);
    return Buffer.concat(out).toString("utf8");
  }

  it("rewrites a stream cut anywhere, even inside a tag or an Arabic letter", async () => {
    const bytes = Buffer.from(shell + streamed, "utf8");
    const expected = deferModuleScripts(shell + streamed);
    for (const size of [1, 7, 64, 2048, bytes.length]) {
      const chunks: Buffer[] = [];
      for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size));
      expect(await through(chunks), `chunks of ${size} bytes`).toBe(expected);
    }
  });

  it("sends a page without a module script as it is", async () => {
    const page = `<!DOCTYPE html><html><body><p>خطأ في الخادم</p><script>1</script></body></html>`;
    const bytes = Buffer.from(page, "utf8");
    expect(await through([bytes.subarray(0, 50), bytes.subarray(50)])).toBe(page);
  });
});
