import { Transform, type TransformCallback } from "node:stream";

/**
 * Scripts after the first paint (decision 082).
 *
 * React Router's `<Scripts />` links a dozen module files (`<link rel="modulepreload">`, hoisted to
 * the top of `<head>`) and an inline module script that imports the route modules and the entry.
 * The browser asks for all of them while the page is still white, so on a slow link they share
 * the bandwidth (and, over HTTP/1.1, the six connections) with the stylesheet, the font and the
 * hero image that the first paint waits for. The server's HTML is already the whole page and its
 * links work without script, so the script can wait for the paint.
 *
 * This rewrites the page's shell: the module preloads are dropped and the module script becomes an
 * inert `<script type="text/x-deferred-module">` that a small inline loader starts once the first
 * contentful paint is on screen, preloading the same files first so the module graph still loads in
 * parallel.
 */

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
const MODULE_SCRIPT = /<script( nonce="[^"]*")? type="module" async="">([\s\S]*?)<\/script>/;

const MODULE_SCRIPT_OPENING = ` type="module" async="">`;

const escapeAttribute = (value: string) => value.replace(/&/g, "&amp;").replace(/"/g, "&quot;");

/**
 * The shell with its module script deferred, or null while the module script has not fully
 * arrived (the caller keeps reading). Pages without one are never rewritten: see the transform.
 */
export function deferModuleScripts(html: string): string | null {
  const script = MODULE_SCRIPT.exec(html);
  if (!script) return null;
  const [whole, nonceAttribute = "", code] = script;
  const hrefs = new Set<string>();
  // Only the preloads before the script are React Router's; later markup is the page's own.
  const head = html.slice(0, script.index).replace(MODULE_PRELOAD, (_tag, href: string) => {
    hrefs.add(href);
    return "";
  });
  const preload = escapeAttribute([...hrefs].join(" "));
  const inert = `<script type="text/x-deferred-module" id="${DEFERRED_MODULE_ID}" data-preload="${preload}">${code}</script>`;
  const loader = `<script${nonceAttribute}>${LOADER}</script>`;
  return head + inert + loader + html.slice(script.index + whole.length);
}

/**
 * The shell is written in one go when it is ready, in chunks of a few kilobytes, so the transform
 * holds the text until the module script's end tag has passed and rewrites it then. Streamed
 * content after it (Suspense boundaries, loader data) passes through untouched. A page whose first
 * `LIMIT` bytes hold no module script (an error page rendered without `<Scripts />`) is sent as it
 * is.
 *
 * The bytes are read as Latin-1, one character per byte: every tag and attribute matched here is
 * ASCII, so UTF-8 text (Arabic) goes through byte for byte, a chunk may end inside a letter, and
 * nothing is decoded or encoded twice.
 */
const LIMIT = 4 * 1024 * 1024;

export function deferScriptsTransform(): Transform {
  // The held text in pieces: joining it on every chunk would copy the whole shell each time.
  const pieces: string[] = [];
  let heldLength = 0;
  let tail = "";
  let moduleOpened = false;
  let passing = false;
  return new Transform({
    transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
      if (passing) return done(null, chunk);
      const text = chunk.toString("latin1");
      pieces.push(text);
      heldLength += text.length;
      // Only a chunk that closes a script, once the module script has opened, can complete it
      // (either tag may straddle two chunks, hence the tail of the previous ones).
      const recent = tail + text;
      moduleOpened ||= recent.includes(MODULE_SCRIPT_OPENING);
      const closesScript = moduleOpened && recent.includes("</script>");
      tail = recent.slice(-MODULE_SCRIPT_OPENING.length);
      if (!closesScript && heldLength <= LIMIT) return done();
      const held = pieces.splice(0, pieces.length).join("");
      const rewritten = deferModuleScripts(held);
      if (rewritten === null && heldLength <= LIMIT) {
        pieces.push(held);
        return done();
      }
      passing = true;
      done(null, Buffer.from(rewritten ?? held, "latin1"));
    },
    flush(done: TransformCallback) {
      done(null, Buffer.from(pieces.join(""), "latin1"));
    },
  });
}
