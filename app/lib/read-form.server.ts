/**
 * A route action's form body, read with a ceiling. Fastify hands page requests to React Router
 * with their body untouched (server/http/ssr.ts), so no body limit has run yet: an action that
 * called `request.formData()` on a forged gigabyte would buffer all of it.
 */

/** Far above any form a page posts without scripts (sign-in: an e-mail and a 128-character password). */
export const FORM_LIMIT_BYTES = 16 * 1024;

export type FormRead = { form: URLSearchParams } | { status: 413 | 415; key: string };

export async function readSmallForm(request: Request, limit = FORM_LIMIT_BYTES): Promise<FormRead> {
  const tooLarge = { status: 413, key: "validation.tooLarge" } as const;
  // Only an HTML form's own encoding: a page that posts without scripts sends nothing else.
  if (!(request.headers.get("content-type") ?? "").startsWith("application/x-www-form-urlencoded")) {
    return { status: 415, key: "validation.unsupportedMediaType" };
  }
  if (Number(request.headers.get("content-length") ?? 0) > limit) return tooLarge;
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (request.body) {
    const reader = request.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limit) {
        // Not cancel(): that destroys the request, and its connection with it, before the 413 is
        // sent. The server reads and drops the rest before answering (server/http/unread-body.ts).
        reader.releaseLock();
        return tooLarge;
      }
      chunks.push(value);
    }
  }
  return { form: new URLSearchParams(Buffer.concat(chunks).toString("utf8")) };
}
