/**
 * React Router's loader data for the browser, encoded in one synchronous pass (decision 409).
 *
 * Every page carries its loaders' data to the browser as a turbo-stream (React Router's vendored
 * turbo-stream v2). React Router encodes it into a web ReadableStream with an AbortController, a
 * timer, an abort listener and an async walk of the data, and the page's render reads the stream
 * back to text (render-page.server.tsx `readHandoffText`) before a byte is sent. For a shop page the
 * data is plain: objects, arrays, strings, numbers, booleans, null. Then all of that machinery
 * makes one line of text, and it was a seventh of the main thread's time on a product page.
 *
 * `plainHandoffText` writes that line directly, the same bytes as turbo-stream's `encode`
 * (tests/unit/handoff-text.test.ts compares them on real pages' data), and gives up (null) on
 * anything else: a promise (deferred data), an error, a Map, a class instance, a function, a
 * redirect. The build puts `handoffStream` in place of React Router's call (the rewrite in
 * scripts/react-router-server-memos.ts), so what is not plain is encoded by React Router as before;
 * and `handoffBody` where a client-side navigation's `.data` answer is encoded the same way.
 */

// turbo-stream v2's numbers for values that are not written out (its utils.ts).
const HOLE = -1;
const NAN = -2;
const NEGATIVE_INFINITY = -3;
const NEGATIVE_ZERO = -4;
const NULL = -5;
const POSITIVE_INFINITY = -6;
const UNDEFINED = -7;

/** A value turbo-stream writes as one of its numbers instead of an entry, or undefined. */
function constantOf(value: unknown): number | undefined {
  if (value === undefined) return UNDEFINED;
  if (value === null) return NULL;
  if (typeof value !== "number") return undefined;
  if (Number.isNaN(value)) return NAN;
  if (value === Number.POSITIVE_INFINITY) return POSITIVE_INFINITY;
  if (value === Number.NEGATIVE_INFINITY) return NEGATIVE_INFINITY;
  if (value === 0 && 1 / value < 0) return NEGATIVE_ZERO;
  return undefined;
}

/** Thrown inside the walk when a value is not plain; caught at its top. */
const NOT_PLAIN = Symbol("not plain");

/**
 * The text turbo-stream's `encode(value)` makes when `value` holds only plain data, or null.
 * `redirectMark` is React Router's symbol for a redirect inside the data, which it encodes its own way.
 *
 * The walk is turbo-stream's own, step for step (a stack of values, each given the next index the
 * first time it is met, an entry written per index), so the indices and thus the bytes are the same.
 */
export function plainHandoffText(value: unknown, redirectMark?: symbol): string | null {
  const top = constantOf(value);
  if (top !== undefined) return `${top}\n`;
  const indices = new Map<unknown, number>();
  const entries: string[] = [];
  const stack: unknown[] = [];
  const stackIndices: number[] = [];
  let next = 0;

  /** The reference to `item`: an earlier index (turbo-stream never reuses index 0), a constant, or a new index. */
  const refer = (item: unknown): number => {
    const existing = indices.get(item);
    if (existing) return existing;
    const constant = constantOf(item);
    if (constant !== undefined) return constant;
    const index = next++;
    indices.set(item, index);
    stack.push(item);
    stackIndices.push(index);
    return index;
  };

  refer(value);
  try {
    while (stack.length > 0) {
      const item = stack.pop();
      const index = stackIndices.pop() as number;
      entries[index] = entryOf(item, refer, redirectMark);
    }
  } catch (error) {
    if (error === NOT_PLAIN) return null;
    throw error;
  }
  return `[${entries.join(",")}]\n`;
}

/** One value's entry, its parts referred to by index; throws NOT_PLAIN for what React Router must encode. */
function entryOf(item: unknown, refer: (item: unknown) => number, redirectMark: symbol | undefined): string {
  switch (typeof item) {
    case "string":
    case "number":
    case "boolean":
      return JSON.stringify(item);
    case "object": {
      if (item === null) return String(NULL);
      if (Array.isArray(item)) {
        let entry = "[";
        for (let i = 0; i < item.length; i++) entry += (i ? "," : "") + (i in item ? refer(item[i]) : HOLE);
        return `${entry}]`;
      }
      if (item instanceof Date) {
        const time = item.getTime();
        return `["D",${Number.isNaN(time) ? '"invalid"' : time}]`;
      }
      if (Object.getPrototypeOf(item) !== Object.prototype) throw NOT_PLAIN;
      if (redirectMark !== undefined && redirectMark in item) throw NOT_PLAIN;
      let entry = "{";
      let first = true;
      for (const key of Object.keys(item)) {
        // Key before value, as turbo-stream's template literal evaluates them.
        const keyIndex = refer(key);
        entry += `${first ? "" : ","}"_${keyIndex}":${refer((item as Record<string, unknown>)[key])}`;
        first = false;
      }
      return `${entry}}`;
    }
    default:
      // bigint, symbol, function: turbo-stream's own types and React Router's fallbacks.
      throw NOT_PLAIN;
  }
}

/** What `handoffStream` returns for plain data: the text, and a stream of it for any other reader. */
export interface PlainHandoff {
  readonly handoffText: string;
  getReader(): ReadableStreamDefaultReader<Uint8Array>;
}

function plainHandoff(text: string): PlainHandoff {
  return {
    handoffText: text,
    // React Router's ServerRouter takes a reader of the stream; readHandoffText takes the text instead.
    getReader: () =>
      new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode(text));
          controller.close();
        },
      }).getReader(),
  };
}

/** The text of a stream `handoffStream` made for plain data, or undefined for React Router's own. */
export function handoffTextOf(stream: unknown): string | undefined {
  const text = (stream as Partial<PlainHandoff> | null)?.handoffText;
  return typeof text === "string" ? text : undefined;
}

/**
 * Put by the build in place of React Router's `encodeViaTurboStream(state, signal, timeout, mode)`
 * where a document's loader data is encoded: plain data as text at once, the rest by React Router.
 */
export function handoffStream<Rest extends unknown[]>(
  encode: (state: unknown, ...rest: Rest) => ReadableStream<Uint8Array>,
  redirectMark: symbol,
  state: unknown,
  ...rest: Rest
): ReadableStream<Uint8Array> {
  const text = plainHandoffText(state, redirectMark);
  if (text === null) return encode(state, ...rest);
  return plainHandoff(text) as unknown as ReadableStream<Uint8Array>;
}

/**
 * Put by the build in place of the same call where a client-side navigation's data is the body of
 * its `.data` answer: plain data's text is the body as it is, the rest React Router's stream.
 */
export function handoffBody<Rest extends unknown[]>(
  encode: (data: unknown, ...rest: Rest) => ReadableStream<Uint8Array>,
  redirectMark: symbol,
  data: unknown,
  ...rest: Rest
): string | ReadableStream<Uint8Array> {
  return plainHandoffText(data, redirectMark) ?? encode(data, ...rest);
}
