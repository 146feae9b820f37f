/**
 * Scripts after the first paint (decision 082).
 *
 * React Router's `<Scripts />` links a dozen module files (`<link rel="modulepreload">`, written
 * just before it) and an inline module script that imports the route modules and the entry.
 * The browser asks for all of them while the page is still white, so on a slow link they share
 * the bandwidth (and, over HTTP/1.1, the six connections) with the stylesheet, the font and the
 * hero image that the first paint waits for. The server's HTML is already the whole page and its
 * links work without script, so the script can wait for the paint.
 *
 * This rewrites the page's shell: the module preloads are made inert (their `rel` renamed: React 18
 * hydrates them as elements of the page, so they stay, decision 390) and the module script becomes
 * an inert `<script type="text/x-deferred-module">` that a small inline loader starts once the first
 * contentful paint is on screen, preloading the same files first so the module graph still loads in
 * parallel.
 */

import type { PagePiece } from "./page-pieces.server";

/** The inert element's id; the loader and the tests find it by it. */
export const DEFERRED_MODULE_ID = "deferred-module";

/**
 * Runs where the module script was. A visible page starts the module when the browser reports its
 * first contentful paint (a frame callback runs before the frame reaches the screen, and first
 * paint may be the background alone). Browsers without paint timing start it one frame after the
 * first, and two seconds after the load event is the backstop for a page that never paints
 * content (the load event, and even two frames after it, can come before the first contentful
 * paint is on screen: a small page's files are all in while its first layout runs). A hidden tab
 * paints nothing, so it starts at once, or as soon as it is hidden. The nonce is read from the
 * loader itself and given to the new script. The preloads go in three to a task: each one starts a
 * request, and a dozen at once made one long task on a slow phone.
 */
const LOADER = `(function(){
var d=document.getElementById(${JSON.stringify(DEFERRED_MODULE_ID)}),n=document.currentScript.nonce,done=false;
var files=d.getAttribute("data-preload").split(" ").filter(Boolean);
function go(){
if(done)return;done=true;
var m=document.querySelector('meta[name="dictionary"]');
if(m){var t=document.createElement("link");t.rel="preload";t.as="fetch";t.crossOrigin="anonymous";t.href=m.content;document.head.appendChild(t);}
(function next(){
files.splice(0,3).forEach(function(h){var l=document.createElement("link");l.rel="modulepreload";l.href=h;document.head.appendChild(l);});
if(files.length)return setTimeout(next);
var s=document.createElement("script");s.type="module";if(n)s.nonce=n;s.textContent=d.textContent;document.body.appendChild(s);
})();
}
if(document.visibilityState==="hidden")return go();
document.addEventListener("visibilitychange",go);
addEventListener("load",function(){setTimeout(go,2000);});
try{new PerformanceObserver(function(list){list.getEntriesByName("first-contentful-paint").length&&go();}).observe({type:"paint",buffered:true});}
catch(e){requestAnimationFrame(function(){setTimeout(go);});}
})();`;

const MODULE_PRELOAD = /<link rel="modulepreload" href="([^"]+)"[^>]*\/>/g;
const PRELOAD_OPENED = '<link rel="modulepreload" href="';
/** An unknown `rel`: the browser fetches nothing for it, and React 18 does not compare attributes when it hydrates. */
const INERT_PRELOAD_OPENED = '<link rel="x-deferred-modulepreload" href="';
/** How React writes the module script's opening tag after `<script` and its nonce, if any. */
const MODULE_SCRIPT_OPENED = ' type="module" async="">';
const NONCE_ATTRIBUTE = /^ nonce="[^"]*"$/;

const escapeAttribute = (value: string) => value.replace(/&/g, "&amp;").replace(/"/g, "&quot;");

/**
 * The page's text with its module script deferred, or null when it has none.
 *
 * Found with indexOf, not by scanning the whole page with regular expressions: React escapes `"`
 * in text and attributes, so the module script's opening tag cannot appear anywhere else, and
 * React 18 writes the module preloads where `<Scripts />` is, just before the router's context
 * script (`preloadRun`), so only that run is read.
 */
export function deferModuleScripts(html: string): string | null {
  const opened = html.indexOf(MODULE_SCRIPT_OPENED);
  if (opened === -1) return null;
  const start = html.lastIndexOf("<script", opened);
  const nonceAttribute = html.slice(start + "<script".length, opened);
  if (start === -1 || (nonceAttribute !== "" && !NONCE_ATTRIBUTE.test(nonceAttribute))) return null;
  const codeStart = opened + MODULE_SCRIPT_OPENED.length;
  const close = html.indexOf("</script>", codeStart);
  if (close === -1) return null;
  const code = html.slice(codeStart, close);
  const run = preloadRun(html, start) ?? { start, end: start };
  const preloads = html.slice(run.start, run.end);
  const hrefs = new Set<string>();
  for (const [, href] of preloads.matchAll(MODULE_PRELOAD)) hrefs.add(href!);
  const preload = escapeAttribute([...hrefs].join(" "));
  const inert = `<script type="text/x-deferred-module" id="${DEFERRED_MODULE_ID}" data-preload="${preload}">${code}</script>`;
  const loader = `<script${nonceAttribute}>${LOADER}</script>`;
  return (
    html.slice(0, run.start) +
    preloads.replaceAll(PRELOAD_OPENED, INERT_PRELOAD_OPENED) +
    html.slice(run.end, start) +
    inert +
    loader +
    html.slice(close + "</script>".length)
  );
}

/**
 * The page's pieces (page-pieces.server.ts) with the module script deferred in the piece that holds
 * it: the last one, after the kept footer (`<Scripts />` is the end of the document's body). A
 * piece is deferred whole or left as it was, so a page of another shape keeps its scripts as React
 * wrote them, as `deferModuleScripts` leaves such a page.
 */
export function deferModuleScriptsInPieces(pieces: readonly PagePiece[]): PagePiece[] {
  const deferred = [...pieces];
  for (let i = deferred.length - 1; i >= 0; i--) {
    const piece = deferred[i];
    if (typeof piece !== "string" || !piece.includes(MODULE_SCRIPT_OPENED)) continue;
    deferred[i] = deferModuleScripts(piece) ?? piece;
    break;
  }
  return deferred;
}

/**
 * Where the module preloads are: React 18 writes them where `<Scripts />` is, one run of links
 * followed by the router's context script and then the module script (React 19 hoisted them into
 * `<head>`: decision 390). The run's [start, end), or null when the page has another shape.
 */
function preloadRun(html: string, moduleScript: number): { start: number; end: number } | null {
  const context = html.lastIndexOf("<script", moduleScript - 1);
  if (context === -1 || html.indexOf("</script>", context) + "</script>".length !== moduleScript) return null;
  let start = context;
  while (html.startsWith("/>", start - 2)) {
    const tag = html.lastIndexOf("<link", start - 1);
    // One whole link element, ending where the run so far begins: React escapes `<` in attribute
    // values, so any other `<` in between is another element (which ends the run).
    if (tag === -1 || !html.startsWith(PRELOAD_OPENED, tag) || html.indexOf("<", tag + 1) !== start) break;
    start = tag;
  }
  return start === context ? null : { start, end: context };
}
