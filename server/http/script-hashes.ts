import crypto from "node:crypto";

const OPEN = "<script";
const CLOSE = "</script>";
const EXTERNAL = /\bsrc\s*=/i;

/**
 * The SHA-256 (base64) of the text of each inline script in `html`, as a Content-Security-Policy
 * `'sha256-…'` source names it: of its UTF-8 bytes, exactly as sent. Data blocks (JSON-LD) and the
 * inert deferred module (defer-scripts.server.ts) are hashed too: the loader runs the latter's
 * text as an inline module script, and a hash that matches nothing allows nothing.
 *
 * Found with indexOf, not a regular expression (one with a lazy body backtracks polynomially on
 * an unclosed tag, tests/unit/redos.test.ts). React writes tags in lower case, escapes `<` in
 * text and attributes, and React Router escapes it in the data it writes into a script, so
 * `<script` only ever starts a real tag and `</script>` only ends one. The tags are searched for in
 * the bytes themselves (they are ASCII), so Arabic text is hashed byte for byte as sent.
 */
export function inlineScriptHashes(html: Buffer): string[] {
  const hashes = new Set<string>();
  for (let at = html.indexOf(OPEN); at !== -1; at = html.indexOf(OPEN, at)) {
    const tagEnd = html.indexOf(">", at);
    const close = tagEnd === -1 ? -1 : html.indexOf(CLOSE, tagEnd);
    if (close === -1) break;
    if (!EXTERNAL.test(html.toString("latin1", at + OPEN.length, tagEnd))) {
      hashes.add(
        crypto
          .createHash("sha256")
          .update(html.subarray(tagEnd + 1, close))
          .digest("base64"),
      );
    }
    at = close + CLOSE.length;
  }
  return [...hashes];
}
