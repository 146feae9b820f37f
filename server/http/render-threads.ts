/**
 * Pages rendered on worker threads (decision 405): the server's one JavaScript thread runs the
 * routes, the loaders and the sockets, and hands React's render of a page to a thread of its own.
 *
 * Under random traffic the main thread was saturated (95–99 %) with a fifth to a quarter of the two
 * cores idle, and React's string render was 27–41 % of its time (product and shop pages). A render
 * is pure CPU over plain data, so it moves: the main thread sends the page's loader data (a
 * structured clone), the thread renders with its own copy of the build and sends back the page's
 * bytes (transferred, not copied).
 *
 * The thread is the built bundle itself (build/server/index.js) started with `workerData.role`
 * set; server/app-entry.ts then serves renders instead of exporting a server. Nothing here knows
 * how a page is rendered: that is app/lib/render-thread.server.tsx, on both sides of the message.
 *
 * A page the thread cannot take (data that does not clone, a thread that died or answers too
 * late) is rendered on the main thread as before: the thread is an accelerator, never the only way.
 */
import { Worker, isMainThread, parentPort, workerData } from "node:worker_threads";
import type { ServerBuild } from "react-router";
import {
  compressBytes,
  compressedInOneCall,
  FOR_ONE_VISITOR,
  type CompressedPage,
  type Encoding,
} from "./compress-bytes";

/** workerData.role of a render thread: server/app-entry.ts checks it when the bundle loads. */
export const RENDER_THREAD_ROLE = "page-render";

/**
 * What a render thread answers: the page's bytes, whether a part of it failed, and the page
 * compressed for its one visitor when the main thread named an encoding (decision 407).
 */
export type ThreadRendered = { page: Buffer; failed: boolean; compressed?: CompressedPage };

/** The main thread's side, handed to entry.server.tsx in the load context. */
export interface RenderThreads {
  /**
   * Renders `payload` (render-thread.server.tsx made it) on a thread, and compresses the page in
   * `encoding` there too when one is given; rejects when no thread could.
   */
  render(payload: unknown, encoding?: Encoding | null): Promise<ThreadRendered>;
  /** A page that could not be rendered on a thread and was rendered on the main thread instead. */
  fellBack(error: unknown): void;
  /**
   * Pages rendered on a thread, those of them it compressed too (decision 407), and pages a thread
   * could not take (rendered on the main thread), since start.
   */
  counts(): { rendered: number; compressed: number; fellBack: number };
  /** Renders waiting for an answer (tests, metrics). */
  pending(): number;
  /** Terminates the threads (the server closes). */
  close(): Promise<void>;
}

type Request = { id: number; payload: unknown; encoding?: Encoding | null };
type Answer = {
  id: number;
  page?: ArrayBuffer;
  length?: number;
  failed?: boolean;
  compressed?: { encoding: Encoding; bytes: ArrayBuffer; length: number };
  error?: string;
};
type Waiting = { resolve: (r: ThreadRendered) => void; reject: (e: Error) => void; timer: NodeJS.Timeout };

export interface RenderThreadOptions {
  /** The bundle's file URL (import.meta.url of server/app-entry.ts once built). */
  bundleUrl: string;
  /** How many threads. */
  count: number;
  /** A render not answered in this time ends its thread (it is started again) and fails over. */
  timeoutMs: number;
  /** Heap limits of each thread, in MB. */
  oldGenerationMb?: number;
  youngGenerationMb?: number;
  /** Where a thread's failure is told. */
  log: (message: string, error?: unknown) => void;
}

/** A thread that died is started again at most this often, so a crash at load cannot spin. */
const RESTART_DELAY_MS = 1_000;

export function startRenderThreads(options: RenderThreadOptions): RenderThreads {
  const threads = Array.from({ length: options.count }, () => new RenderThread(options));
  const counts = { rendered: 0, compressed: 0, fellBack: 0 };
  return {
    fellBack(error) {
      counts.fellBack++;
      options.log("a page was rendered on the main thread: its render thread could not take it", error);
    },
    counts: () => ({ ...counts }),
    async render(payload, encoding) {
      // The thread with the fewest renders waiting; ties go to the first.
      let best: RenderThread | undefined;
      for (const thread of threads) if (thread.ready() && (!best || thread.waiting() < best.waiting())) best = thread;
      if (!best) throw new Error("no render thread is running");
      const rendered = await best.render(payload, encoding);
      counts.rendered++;
      if (rendered.compressed) counts.compressed++;
      return rendered;
    },
    pending: () => threads.reduce((n, t) => n + t.waiting(), 0),
    close: async () => {
      await Promise.all(threads.map((t) => t.close()));
    },
  };
}

class RenderThread {
  private worker: Worker | null = null;
  private nextId = 1;
  private readonly waitingFor = new Map<number, Waiting>();
  private closed = false;

  constructor(private readonly options: RenderThreadOptions) {
    this.start();
  }

  ready = () => this.worker !== null;
  waiting = () => this.waitingFor.size;

  render(payload: unknown, encoding?: Encoding | null): Promise<ThreadRendered> {
    const worker = this.worker;
    if (!worker) return Promise.reject(new Error("the render thread is not running"));
    const id = this.nextId++;
    return new Promise<ThreadRendered>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.options.log(`a page render took over ${this.options.timeoutMs} ms on its thread; restarting it`);
        this.restart(worker, new Error("the render thread answered too late"));
      }, this.options.timeoutMs);
      this.waitingFor.set(id, { resolve, reject, timer });
      try {
        // Throws at once for data that does not clone (a function, a class the clone cannot copy).
        worker.postMessage({ id, payload, encoding } satisfies Request);
      } catch (err) {
        this.settle(id)?.reject(err as Error);
      }
    });
  }

  async close() {
    this.closed = true;
    const worker = this.worker;
    this.worker = null;
    this.failAll(new Error("the server is closing"));
    if (worker) await worker.terminate();
  }

  private start() {
    if (this.closed) return;
    const worker = new Worker(new URL(this.options.bundleUrl), {
      workerData: { role: RENDER_THREAD_ROLE },
      resourceLimits: {
        maxOldGenerationSizeMb: this.options.oldGenerationMb ?? 96,
        // 8 MB young (decision 406). V8 lets a process's `--max-semi-space-size` win over this:
        // under `npm start` (scripts/server-flags.mjs, 8 MB semi-spaces) the thread's new space is
        // 16 MB like the main thread's; this limit holds where no such flag is given (the tests,
        // `npm run dev`). Measured on 7 Dec (decision 408's notes).
        maxYoungGenerationSizeMb: this.options.youngGenerationMb ?? 8,
      },
      // The thread's console writes reach the server's own stdout and stderr.
      stdout: false,
      stderr: false,
    });
    // An idle thread never keeps the process alive; the server's close ends it anyway.
    worker.unref();
    worker.on("message", (answer: Answer) => this.answered(answer));
    worker.on("error", (err) => {
      this.options.log("a render thread failed", err);
    });
    worker.on("exit", (code) => {
      if (this.worker !== worker) return;
      this.worker = null;
      this.failAll(new Error(`the render thread exited (code ${code})`));
      if (!this.closed) {
        this.options.log(`a render thread exited with code ${code}; starting another`);
        setTimeout(() => this.start(), RESTART_DELAY_MS).unref();
      }
    });
    this.worker = worker;
  }

  private restart(worker: Worker, reason: Error) {
    if (this.worker !== worker) return;
    this.worker = null;
    this.failAll(reason);
    void worker.terminate();
    setTimeout(() => this.start(), RESTART_DELAY_MS).unref();
  }

  private answered({ id, page, length, failed, compressed, error }: Answer) {
    const waiting = this.settle(id);
    if (!waiting) return;
    if (error !== undefined || !page) waiting.reject(new Error(error ?? "the render thread sent no page"));
    else
      waiting.resolve({
        page: Buffer.from(page, 0, length ?? page.byteLength),
        failed: Boolean(failed),
        compressed: compressed && {
          encoding: compressed.encoding,
          bytes: Buffer.from(compressed.bytes, 0, compressed.length),
        },
      });
  }

  private settle(id: number): Waiting | undefined {
    const waiting = this.waitingFor.get(id);
    if (!waiting) return undefined;
    this.waitingFor.delete(id);
    clearTimeout(waiting.timer);
    return waiting;
  }

  private failAll(reason: Error) {
    for (const id of [...this.waitingFor.keys()]) this.settle(id)?.reject(reason);
  }
}

/** The rendering side: how a thread renders one payload with its copy of the build. */
export type ThreadRenderer = (build: ServerBuild, payload: unknown) => Promise<ThreadRendered>;

/** True in a thread started by startRenderThreads (the bundle checks it when it loads). */
export const isRenderThread = () =>
  !isMainThread && (workerData as { role?: string } | null)?.role === RENDER_THREAD_ROLE;

/**
 * Serves renders in a render thread: one message at a time in arrival order (a render is
 * synchronous; a page that suspended finishes before the next starts, as on the main thread).
 */
export function serveRenders(build: ServerBuild, renderer: ThreadRenderer) {
  const port = parentPort;
  if (!port) throw new Error("serveRenders runs in a render thread");
  port.on("message", async ({ id, payload, encoding }: Request) => {
    try {
      const { page, failed } = await renderer(build, payload);
      // Compressed here, where the main thread's time is not spent (decision 407): brotli or gzip
      // of a page was its largest single cost there after the render itself moved away.
      const zipped =
        encoding && compressedInOneCall(page.length) ? compressBytes(encoding, page, FOR_ONE_VISITOR) : null;
      const bytes = ownBuffer(page);
      const compressed = zipped && encoding ? { encoding, bytes: ownBuffer(zipped), length: zipped.length } : undefined;
      const transfer = compressed ? [bytes, compressed.bytes] : [bytes];
      port.postMessage({ id, page: bytes, length: page.length, failed, compressed } satisfies Answer, transfer);
    } catch (err) {
      port.postMessage({ id, error: err instanceof Error ? err.message : String(err) } satisfies Answer);
    }
  });
}

/**
 * The bytes' memory to transfer whole: their own when they fill it (pageBytes and zlib allocate
 * apart from Node's shared pool), else a copy, so no other buffer's bytes go with them.
 */
function ownBuffer(bytes: Buffer): ArrayBuffer {
  const own = bytes.byteOffset === 0 && bytes.buffer.byteLength === bytes.length;
  return own ? (bytes.buffer as ArrayBuffer) : new Uint8Array(bytes).buffer;
}
