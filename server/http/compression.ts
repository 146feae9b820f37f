/**
 * Kept compressed copies of the texts every visitor gets alike (decision 371).
 *
 * @fastify/compress compresses each answer as it leaves, in one call (decision 370). The home data
 * (233 KB of JSON, 2.5 ms at brotli 4) and a guest's listing page are memoised as text and sent to
 * visitor after visitor, so the same bytes were compressed again for each: the call's whole cost.
 * A route that sends such text marks it with `keepCompressed(reply, shared)`; this hook keeps its
 * brotli and gzip copies with the memoised text's object (server/shared-text.ts, decision 401), so
 * they last as long as the memo keeps the text and are found without reading it, and the next
 * visitor's answer is the kept copy. A guest page the page cache keeps is the same bytes for every
 * guest too (decision 372): it holds its own copies and is sent with `sendKeptCompressed`.
 * Everything else, and streams, is left to @fastify/compress, which leaves an answer that already
 * carries a Content-Encoding alone.
 *
 * Tried and dropped: compressing every answer on the threadpool (zlib's one-call asynchronous
 * functions), to spare the event loop. Fifty encoders at once cost more in all than one at a time
 * on the event loop, and the machine's second core is not free (PostgreSQL and the load use it):
 * a cached home page fell from 530 to 410 answers a second, random guest pages were unchanged.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { negotiate } from "@fastify/accept-negotiator";
import { varyWith } from "./vary";
import {
  COMPRESS_IN_ONE_CALL_BYTES,
  COMPRESS_MIN_BYTES,
  compressBytes,
  compressedInOneCall,
  FOR_MANY_VISITORS,
  FOR_ONE_VISITOR,
  type CompressedPage,
  type Encoding,
} from "./compress-bytes";
import type { SharedText } from "../shared-text";

/**
 * The server's order of preference when a browser accepts both (every browser does): brotli first
 * (smaller, and on a page cheaper than gzip: 0.65 against 0.80 ms for the 82 kB shop page), except
 * where glibc gives every block of 128 kB or more its own mapping (the embedded database's
 * `glibc.malloc.mmap_threshold`, decision 363). There brotli's encoder maps, faults in and unmaps its
 * buffers at every call: the shop page took 1.46 ms instead of 0.65 and a 1 kB JSON 116 µs instead
 * of 26, while gzip's blocks are all smaller and it does not change (0.77 ms, 23 µs), for 3–10 %
 * more bytes. So there gzip comes first (decision 377).
 */
export function preferredEncodings(env: Record<string, string | undefined> = process.env): Encoding[] {
  return /\bmmap_threshold=/.test(env.GLIBC_TUNABLES ?? "") ? ["gzip", "br"] : ["br", "gzip"];
}

/**
 * The order for text compressed once and sent to many (the home data; a listing or a kept guest
 * page from its second ask): brotli first on every allocator. Decision 377's cost is paid once a
 * copy, and its bytes are saved on every answer; on a phone's first visit they decide whether the
 * page arrives in the first round trip of a new connection (decision 404).
 */
const FOR_MANY_ENCODINGS: Encoding[] = ["br", "gzip"];

/** The text types worth compressing that routes send buffered: pages, JSON, CSV, plain text, XML. */
const COMPRESSIBLE = /^(?:text\/(?!event-stream)|application\/(?:[\w.+-]*\+)?(?:json|xml)\b)/i;

const KEEP = Symbol("keepCompressed");

type Marked = FastifyReply & { [KEEP]?: { shared: SharedText; firstFor: "one" | "many" } };

/**
 * Marks this reply's text, `shared.text`, as the same for every visitor: its compressed copies are
 * kept with `shared` (decision 401). `firstFor` "one" is for a text that may well be asked only once
 * (a listing with random filters): its first copy is made fast, and made again harder when a second
 * visitor asks (decision 393), as a kept guest page's is. "many" (the home data) is compressed hard
 * from the start.
 */
export function keepCompressed(
  reply: FastifyReply,
  shared: SharedText,
  firstFor: "one" | "many" = "many",
): FastifyReply {
  (reply as Marked)[KEEP] = { shared, firstFor };
  return reply;
}

export interface CompressionStats {
  /** Marked texts compressed (each kept after). */
  compressed: number;
  /** Answers sent from a kept copy. */
  reused: number;
}

/**
 * The compressed copies of one text or page, by encoding; `sharedSince` marks the encodings whose
 * copy was remade for many visitors (a kept page's first copy is made for one).
 */
export type KeptCopies = Partial<Record<Encoding, Buffer>> & { sharedSince?: Partial<Record<Encoding, true>> };

/**
 * The compressed copies of each shared text, by the text's object: no text is read or hashed to
 * find them, and they go with the object when the memo lets it go. The memo counts a text at two
 * bytes a character; JSON is mostly one, and brotli and gzip together take well under a third of
 * it, so the copies fit in what the memo's bound already counts.
 */
const copiesOfShared = new WeakMap<SharedText, KeptCopies>();

function copiesOf(shared: SharedText): KeptCopies {
  const known = copiesOfShared.get(shared);
  if (known) return known;
  const copies: KeptCopies = {};
  copiesOfShared.set(shared, copies);
  return copies;
}

/**
 * Adds the hook for marked texts; returns the counters (for tests) and `sendKeptCompressed`, for
 * bytes that keep their copies themselves (a kept guest page, server/http/guest-pages.ts).
 */
export function registerKeptCompression(app: FastifyInstance, encodings: Encoding[]) {
  const counts = { compressed: 0, reused: 0 };

  /**
   * The body in `encoding`, from `copies` or compressed into them now (`body` is only called then:
   * a kept text is not even encoded to bytes again). A copy made for one visitor is made again for
   * many when the text is asked for a second time, in this encoding or the other.
   */
  function encoded(
    reply: FastifyReply,
    encoding: Encoding,
    body: () => Buffer,
    copies: KeptCopies,
    firstFor: "one" | "many",
  ): Buffer {
    let copy = copies[encoding];
    if (copy && (firstFor === "many" || copies.sharedSince?.[encoding])) counts.reused++;
    else {
      const forMany = firstFor === "many" || askedBefore(copies);
      copy = copies[encoding] = compressBytes(encoding, body(), forMany ? FOR_MANY_VISITORS : FOR_ONE_VISITOR);
      if (forMany && firstFor === "one") copies.sharedSince = { ...copies.sharedSince, [encoding]: true };
      counts.compressed++;
    }
    return inEncoding(reply, encoding, copy);
  }

  /** The order of encodings for this send: the allocator's for a first copy made for one visitor. */
  const orderFor = (copies: KeptCopies, firstFor: "one" | "many") =>
    firstFor === "many" || askedBefore(copies) ? FOR_MANY_ENCODINGS : encodings;

  app.addHook("onSend", (req: FastifyRequest, reply: FastifyReply, payload: unknown, done) => {
    const mark = (reply as Marked)[KEEP];
    // Not the marked text (an error answered instead): left to @fastify/compress, nothing kept.
    if (typeof payload !== "string" || payload !== mark?.shared.text) return done(null, payload);
    // Length in characters is at most the length in bytes, and at least half of it.
    if (payload.length < COMPRESS_MIN_BYTES || payload.length > COMPRESS_IN_ONE_CALL_BYTES / 2) {
      return done(null, payload);
    }
    const copies = copiesOf(mark.shared);
    const encoding = chosenEncoding(req, reply, orderFor(copies, mark.firstFor));
    if (!encoding) return done(null, payload);
    done(
      null,
      encoded(reply, encoding, () => Buffer.from(payload), copies, mark.firstFor),
    );
  });

  return {
    stats: (): CompressionStats => ({ ...counts }),
    /**
     * The encoding a page made for this visitor alone will leave in, as @fastify/compress would
     * choose it for HTML: its render thread compresses it so before handing it back (decision 407).
     */
    pageEncoding: (req: FastifyRequest) => acceptedEncoding(req, encodings),
    /**
     * `madeForOne`: the page as its render thread compressed it for this visitor (decision 407). It
     * is the first copy when none was made yet, as if made here; a second ask makes it for many.
     */
    sendKeptCompressed(
      req: FastifyRequest,
      reply: FastifyReply,
      body: Buffer,
      copies: KeptCopies,
      madeForOne?: CompressedPage,
    ) {
      const encoding = compressedInOneCall(body.length) ? chosenEncoding(req, reply, orderFor(copies, "one")) : null;
      if (encoding && madeForOne?.encoding === encoding && !askedBefore(copies)) {
        copies[encoding] = madeForOne.bytes;
        return reply.send(inEncoding(reply, encoding, madeForOne.bytes));
      }
      return reply.send(encoding ? encoded(reply, encoding, () => body, copies, "one") : body);
    },
  };
}

/** Whether a copy of this text was made already: it is asked for again, and sent to many from now on. */
const askedBefore = (copies: KeptCopies) => copies.br !== undefined || copies.gzip !== undefined;

/**
 * The encoding this answer should leave in, or null: none accepted, already encoded, a partial
 * answer (Content-Range counts plain bytes), not text, or a client that asked for none. The same
 * rules as @fastify/compress, so an answer is treated alike on either side of the size line.
 */
function chosenEncoding(req: FastifyRequest, reply: FastifyReply, encodings: Encoding[]): Encoding | null {
  return replyCompressible(reply) ? acceptedEncoding(req, encodings) : null;
}

/**
 * Sends a page rendered for one visitor: the copy its render thread compressed (decision 407) when
 * the reply may still be compressed that way, else the plain bytes, which @fastify/compress then
 * compresses as it does any answer.
 */
export function sendPage(reply: FastifyReply, page: Buffer, compressed: CompressedPage | undefined): FastifyReply {
  if (!compressed || !replyCompressible(reply)) return reply.send(page);
  return reply.send(inEncoding(reply, compressed.encoding, compressed.bytes));
}

/** `bytes`, already in `encoding`, with the headers that say so. */
function inEncoding(reply: FastifyReply, encoding: Encoding, bytes: Buffer): Buffer {
  reply.header("content-encoding", encoding);
  reply.header("vary", varyWith(reply.getHeader("vary"), "Accept-Encoding"));
  reply.header("content-length", bytes.length);
  return bytes;
}

/** Whether the reply, as it stands, may be compressed: whole, not encoded yet, and text. */
function replyCompressible(reply: FastifyReply): boolean {
  if (reply.statusCode === 206 || reply.hasHeader("content-range")) return false;
  const current = reply.getHeader("content-encoding");
  if (current && current !== "identity") return false;
  return COMPRESSIBLE.test(String(reply.getHeader("content-type") ?? "application/json"));
}

/** The encoding of `encodings` the request accepts first, or null when it asked for none. */
function acceptedEncoding(req: FastifyRequest, encodings: Encoding[]): Encoding | null {
  const accept = req.headers["accept-encoding"];
  if (!accept || req.headers["x-no-compression"] !== undefined) return null;
  const chosen = negotiate(accept.toLowerCase().replace(/\*|x-gzip/g, "gzip"), encodings);
  return chosen === "br" || chosen === "gzip" ? chosen : null;
}
