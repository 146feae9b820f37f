/**
 * A rendered page as the pieces it was put together from, in order, turned into bytes once
 * (decision 395).
 *
 * V8 keeps a string of more than 128 kB (64,000 characters of Arabic, or of any page with one
 * letter outside Latin-1) outside its young generation, each in memory mapped for it alone and
 * unmapped when it dies: about 0.7 ms of system calls and page faults on this machine, where a
 * 60,000-character string costs 0.06 ms. A shop page of ten products is 68,000 characters, and
 * joining its pieces, then flattening the deferred scripts' concatenation to encode it, made two
 * such strings per page. The pieces are slices of React's output and the kept parts' bytes, each
 * written into the one buffer the page is sent from: no string the size of the page is made.
 */

/** Text as React wrote it, or bytes already encoded (a kept part's markup, decision 387). */
export type PagePiece = string | Buffer;

/** The page's UTF-8 bytes in one buffer of their own (kept pages outlive Node's shared pool). */
export function pageBytes(pieces: readonly PagePiece[]): Buffer {
  let length = 0;
  for (const piece of pieces) length += typeof piece === "string" ? Buffer.byteLength(piece) : piece.length;
  const bytes = Buffer.allocUnsafeSlow(length);
  let at = 0;
  for (const piece of pieces) at += typeof piece === "string" ? bytes.write(piece, at) : piece.copy(bytes, at);
  return bytes;
}

/** The page as one string (tests read pages so). */
export const pageText = (pieces: readonly PagePiece[]): string =>
  pieces.map((piece) => (typeof piece === "string" ? piece : piece.toString("utf8"))).join("");
