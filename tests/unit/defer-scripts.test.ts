import { describe, expect, it } from "vitest";
import { DEFERRED_MODULE_ID, deferModuleScripts, deferModuleScriptsInPieces } from "../../app/lib/defer-scripts.server";
import { pageText } from "../../app/lib/page-pieces.server";

// The shape React Router's <Scripts /> renders with React 18: the preloads where it is, then its
// context script, then the module script (decision 390).
const shell = [
  `<!DOCTYPE html><html lang="ar" dir="rtl"><head><meta charSet="utf-8"/>`,
  `<link nonce="N0nce==" rel="stylesheet" href="/assets/entry-C.css#"/></head>`,
  `<body><h1>فساتين للعيد</h1><a href="/shop">تسوقي الآن</a>`,
  `<link rel="modulepreload" href="/assets/not-the-scripts.js"/><p>after</p>`,
  `<script nonce="N0nce==">window.scrollTo(0, 0);</script>`,
  `<link rel="modulepreload" href="/assets/entry.client-A.js" nonce="N0nce=="/>`,
  `<link rel="modulepreload" href="/assets/root-B.js" nonce="N0nce=="/>`,
  `<link rel="modulepreload" href="/assets/entry.client-A.js" nonce="N0nce=="/>`,
  `<script nonce="N0nce==">window.__reactRouterContext = {};</script>`,
  `<script nonce="N0nce==" type="module" async="">import * as route0 from "/assets/root-B.js";\nimport("/assets/entry.client-A.js");</script>`,
].join("");
const streamed = `<script nonce="N0nce==">window.__reactRouterContext.streamController.enqueue("[\\"فستان\\"]");</script></body></html>`;

describe("scripts after the first paint", () => {
  it("drops the module preloads and turns the module script into an inert one its loader starts", () => {
    const out = deferModuleScripts(shell + streamed)!;
    // Kept in place for React to hydrate, but inert: the browser fetches nothing for an unknown rel.
    expect(out).not.toContain(`<link rel="modulepreload" href="/assets/entry.client-A.js"`);
    expect(out).toContain(
      `<link rel="x-deferred-modulepreload" href="/assets/root-B.js" nonce="N0nce=="/>` +
        `<link rel="x-deferred-modulepreload" href="/assets/entry.client-A.js" nonce="N0nce=="/><script`,
    );
    expect(out).not.toMatch(/<script[^>]*type="module"/);
    // A link elsewhere in the page is not the scripts' and stays.
    expect(out).toContain(`<link rel="modulepreload" href="/assets/not-the-scripts.js"/><p>after</p>`);
    expect(out).toContain(
      `<script nonce="N0nce==">window.__reactRouterContext = {};</script>` +
        `<script type="text/x-deferred-module" id="${DEFERRED_MODULE_ID}" data-preload="/assets/entry.client-A.js /assets/root-B.js">` +
        `import * as route0 from "/assets/root-B.js";\nimport("/assets/entry.client-A.js");</script><script nonce="N0nce==">(function(){`,
    );
    // The page itself and the streamed loader data are untouched.
    expect(out).toContain(`<body><h1>فساتين للعيد</h1><a href="/shop">تسوقي الآن</a>`);
    expect(out.endsWith(streamed)).toBe(true);
  });

  it("takes only the unbroken run of preload links before the context script", () => {
    // An element between a preload and the run (self-closed, like a link) ends the run there.
    const broken = shell.replace(
      `<link rel="modulepreload" href="/assets/root-B.js" nonce="N0nce=="/>`,
      `<link rel="modulepreload" href="/assets/root-B.js" nonce="N0nce=="/><input type="hidden" name="x"/>`,
    );
    const out = deferModuleScripts(broken + streamed)!;
    expect(out).toContain(
      `<link rel="modulepreload" href="/assets/root-B.js" nonce="N0nce=="/><input type="hidden" name="x"/>` +
        `<link rel="x-deferred-modulepreload" href="/assets/entry.client-A.js" nonce="N0nce=="/><script`,
    );
    expect(out).toContain(`data-preload="/assets/entry.client-A.js">`);
  });

  it("leaves a page without a whole module script alone", () => {
    expect(deferModuleScripts(shell.slice(0, -"</script>".length))).toBeNull();
    expect(deferModuleScripts(`<html><body><p>Error</p></body></html>`)).toBeNull();
  });

  it("writes a loader without a nonce when the page has none", () => {
    const out = deferModuleScripts(`<body><script type="module" async="">import("/e.js");</script></body>`)!;
    expect(out).toMatch(/data-preload="">import\("\/e\.js"\);<\/script><script>\(function\(\)\{/);
  });

  it("has the loader fetch the page's dictionary beside the scripts, not before the first paint", () => {
    const out = deferModuleScripts(shell + streamed)!;
    expect(out).toContain(`document.querySelector('meta[name="dictionary"]')`);
    expect(out).toMatch(/t\.rel="preload";t\.as="fetch";t\.crossOrigin="anonymous"/);
  });

  it("defers the scripts of a page left in pieces, a kept part's bytes among them (decision 395)", () => {
    const footerAt = shell.indexOf('<link rel="modulepreload" href="/assets/not-the-scripts.js"');
    const pieces = [
      shell.slice(0, footerAt),
      Buffer.from("<footer>تواصلي معنا</footer>"),
      shell.slice(footerAt) + streamed,
    ];
    const whole = deferModuleScripts(pageText(pieces))!;
    const deferred = deferModuleScriptsInPieces(pieces);
    expect(pageText(deferred)).toBe(whole);
    // Only the piece with the scripts is new; the others are the same objects, the kept bytes too.
    expect(deferred[0]).toBe(pieces[0]);
    expect(deferred[1]).toBe(pieces[1]);
    expect(pieces[2]).toContain(' type="module" async="">');
  });

  it("leaves pieces without a whole module script as they are", () => {
    const pieces = [shell.slice(0, -"</script>".length), Buffer.from("<p>x</p>")];
    expect(deferModuleScriptsInPieces(pieces)).toEqual(pieces);
  });
});
