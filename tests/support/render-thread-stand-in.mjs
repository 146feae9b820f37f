// A stand-in for a render thread (tests/unit/render-threads.test.ts): it speaks the messages of
// serveRenders (server/http/render-threads.ts) — { id, payload } in, { id, page, length, failed } or
// { id, error } out, the page's memory transferred — and does what the payload asks, so the pool's
// answers, failures, time-outs and restarts can be tested without a build. The real thread (the
// bundle) is tested in tests/api/render-threads.test.ts.
import { parentPort, resourceLimits, threadId, workerData } from "node:worker_threads";

if (workerData?.role !== "page-render") throw new Error("started without the render role");

/** Answers `text` as the page's bytes, their memory transferred as serveRenders does. */
function answer(id, text, failed = false) {
  const page = Buffer.from(text);
  const bytes = page.buffer.slice(page.byteOffset, page.byteOffset + page.length);
  parentPort.postMessage({ id, page: bytes, length: page.length, failed }, [bytes]);
}

parentPort.on("message", ({ id, payload }) => {
  switch (payload.kind) {
    case "page":
      answer(id, `${payload.text} (thread ${threadId})`, Boolean(payload.failed));
      return;
    case "fail":
      parentPort.postMessage({ id, error: payload.message });
      return;
    case "limits":
      // The heap limits the thread was started with, as the page's text.
      answer(id, JSON.stringify(resourceLimits));
      return;
    case "hang":
      return;
    case "exit":
      process.exit(3);
      break;
    default:
      // A real page's payload (tests/api/render-thread-fallback.test.ts): a thread that cannot render it.
      parentPort.postMessage({ id, error: "the stand-in renders no real page" });
  }
});
