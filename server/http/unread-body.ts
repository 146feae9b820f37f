/**
 * An answer given before the request's body was read (a refused media type or method, a guest
 * stopped by access, a page without that action, a form too large) must still reach a client that
 * writes its whole body before reading, as most do. Closing the connection while body bytes are
 * unread or still arriving makes the kernel answer with a reset, and a client still writing sees
 * the reset (EPIPE) instead of the answer (npm run fuzz met it on a page). So the rest of the body
 * is read and thrown away before the answer is sent, as nginx's lingering close does.
 */
import type { FastifyInstance } from "fastify";
import type { IncomingMessage } from "node:http";

/** Bodies up to this size are read to the end; a larger one is cut off at once. */
const DRAIN_LIMIT = 16 * 1024 * 1024;

/**
 * Reads what is left of `raw`'s body and drops it. Nothing to do once the body is complete (every
 * body a route parsed). A body over DRAIN_LIMIT, declared or counted, closes the connection; a
 * client that stops sending is cut off by the server's REQUEST_TIMEOUT_MS, which ends this too.
 */
function discardUnreadBody(raw: IncomingMessage): Promise<void> {
  if (raw.complete || raw.destroyed || raw.readableEnded) return Promise.resolve();
  const declared = Number(raw.headers["content-length"] ?? 0);
  if (declared > DRAIN_LIMIT) return Promise.resolve();
  return new Promise<void>((resolve) => {
    let drained = 0;
    // As Node's own IncomingMessage._dump: whoever was reading (a page's Request body, say) has
    // had its answer, so the bytes go nowhere.
    raw.removeAllListeners("data");
    raw.on("data", (chunk: Buffer) => {
      drained += chunk.length;
      if (drained > DRAIN_LIMIT) {
        raw.socket?.destroy();
        resolve();
      }
    });
    raw.once("end", resolve);
    raw.once("close", resolve);
    raw.once("error", () => resolve());
    raw.resume();
  });
}

/** Every answer waits until its request's body has been read (see discardUnreadBody). */
export function registerUnreadBodyDiscard(app: FastifyInstance) {
  // A callback, not an async hook: every answer passes here, and nearly all have read their body.
  app.addHook("onSend", (req, _reply, payload, done) => {
    if (req.raw.complete) return done(null, payload);
    discardUnreadBody(req.raw).then(() => done(null, payload));
  });
}
