/**
 * The answer to a request the HTTP parser could not read: a broken request line, a head over
 * Node's 16 KB, one that took longer than its timeout. Its method is not known, so the answer has
 * no body, which is right after a HEAD as after any other: Fastify's default wrote a JSON body,
 * which a client of a HEAD, expecting none, read as a broken next response (npm run fuzz met it).
 * The status line says what was wrong; no language is known yet to say more in.
 */
import type { Socket } from "node:net";

const STATUS: Record<string, string> = {
  ERR_HTTP_REQUEST_TIMEOUT: "408 Request Timeout",
  HPE_HEADER_OVERFLOW: "431 Request Header Fields Too Large",
};

export function answerUnreadableRequest(err: Error & { code?: string }, socket: Socket): void {
  // The client went away, or an answer already ended the connection: nobody to tell.
  if (err.code === "ECONNRESET" || socket.destroyed) return;
  if (socket.writable) {
    const status = STATUS[err.code ?? ""] ?? "400 Bad Request";
    socket.write(`HTTP/1.1 ${status}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`);
  }
  socket.destroy(err);
}
