import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { UNSAFE_decodeViaTurboStream as decodeViaTurboStream } from "react-router";
import { describe, expect, it } from "vitest";
import { handoffBody, handoffStream, handoffTextOf, plainHandoffText } from "~/lib/handoff-text.server";
import { readHandoffText } from "~/lib/render-page.server";
import type { EntryContext } from "react-router";

// React Router's own turbo-stream encoder (not exported by its package: the chunk that holds it).
const dist = path.resolve("node_modules/react-router/dist/production");
const encoderFile = fs
  .readdirSync(dist)
  .filter((f) => f.endsWith(".mjs"))
  .find((f) => fs.readFileSync(path.join(dist, f), "utf8").includes("function encode(input, options)"));
if (!encoderFile) throw new Error("React Router's turbo-stream encoder was not found in its dist");
const { encode } = (await import(pathToFileURL(path.join(dist, encoderFile)).href)) as {
  encode: (value: unknown, options?: object) => ReadableStream<Uint8Array>;
};

async function textOf(stream: ReadableStream<Uint8Array>): Promise<string> {
  return new Response(stream).text();
}

/** React Router's text for `value`, as its document path encodes loader data (the first line). */
const reactRoutersText = (value: unknown) => textOf(encode(value));

const product = {
  _id: "02afd6b6-c78a-4109-9a13-9cfd7a337fdc",
  name: "Pleated Chemise 17562",
  nameAr: "شميز 17562",
  description: 'A "bench" product:\nline two\t\\ and </script>',
  category: "chemises",
  collection: null,
  price: 3906.98,
  discount: 0,
  totalPrice: 3906.98,
  stock: 42,
  images: ["/uploads/bench-a-800.webp", "/uploads/bench-b-800.webp"],
  sizes: ["L", "M", "S"],
  colors: ["#d8c3a5", "#1f1f1f"],
  variants: [
    { size: "L", color: "#d8c3a5", sku: "BN-0017562-L-D8C3A5", stock: 7 },
    { size: "L", color: "#1f1f1f", sku: "BN-0017562-L-1F1F1F", stock: 7 },
    { size: "M", color: "#d8c3a5", sku: "BN-0017562-M-D8C3A5", stock: 7 },
  ],
  specifications: ["100% cotton", "Made in Egypt"],
  specificationsAr: [],
  bulkDiscount: null,
  freeShipping: false,
  hidden: false,
  createdAt: "2026-11-25T14:17:42.811Z",
};

/** A page's state as React Router's document path encodes it: loader data by route, no errors. */
const pageState = {
  loaderData: {
    root: {
      lang: "ar",
      theme: "light",
      user: null,
      sidebarOpen: false,
      headlines: [],
      dictHref: "/i18n/ar/0/yZNaies89z_26qsS.json",
      shop: { email: "hello@azya.eg", phone: "+20 100 000 0000", googleClientId: null, cardPaymentEnabled: false },
    },
    "routes/product": { product, wishlistIds: [], origin: "http://127.0.0.1:3000", pathname: "/product/1", search: "" },
  },
  actionData: null,
  errors: null,
};

/** `items`, then an index never set, then `last`. */
function withHole(items: unknown[], last: unknown): unknown[] {
  const list = [...items];
  list[items.length + 1] = last;
  return list;
}

describe("a document's loader data encoded in one pass (decision 409)", () => {
  const shared = { a: 1 };
  const samples: [string, unknown][] = [
    ["a product page's state", pageState],
    ["a shop page's state", { loaderData: { list: { products: [product, { ...product, _id: "2" }], total: 2 } } }],
    ["the same object and strings met again", { first: shared, second: shared, list: [shared, "x", "x", 1, 1] }],
    ["numbers of every kind", [0, -0, 1.5, -2, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 1e21]],
    ["undefined, null, booleans, holes", withHole([undefined, null, true, false], "after a hole")],
    ["empty containers", { emptyObject: {}, emptyArray: [], nested: [[], [{}]] }],
    ["texts that need escaping", ["\u2028\u2029", "\ud800 alone", "emoji 👗", "العربية", '"quoted"', "back\\slash"]],
    ["dates, valid and not", { at: new Date("2026-12-07T10:00:00Z"), never: new Date(Number.NaN) }],
    ["a key that is also a value", { name: "name", list: ["list"] }],
    ["a top-level string", "just text"],
    ["a top-level number", 42],
    ["top-level undefined", undefined],
    ["top-level null", null],
    ["top-level -0", -0],
  ];

  for (const [name, value] of samples) {
    it(`writes the same bytes as React Router's encoder: ${name}`, async () => {
      const text = plainHandoffText(value);
      expect(text).not.toBeNull();
      expect(text).toBe(await reactRoutersText(value));
    });
  }

  it("reads back, through React Router's decoder, as the data it was made of", async () => {
    const text = plainHandoffText(pageState) as string;
    const stream = new Response(text).body as ReadableStream<Uint8Array>;
    const decoded = await decodeViaTurboStream(stream, globalThis as unknown as Window);
    expect(decoded.value).toEqual(pageState);
  });

  class Money {
    constructor(readonly piastres: number) {}
  }
  const redirectMark = Symbol("SingleFetchRedirect");
  const notPlain: [string, unknown][] = [
    ["a promise (deferred data)", { later: Promise.resolve(1) }],
    ["an error", { errors: { root: new Error("boom") } }],
    ["a Map", { byId: new Map([["a", 1]]) }],
    ["a Set", [new Set([1])]],
    ["a class instance", { total: new Money(100) }],
    ["an object without a prototype", { bare: Object.create(null) }],
    ["a function", { onClick: () => {} }],
    ["a bigint", { big: 10n }],
    ["a symbol", [Symbol.for("x")]],
    ["a redirect", { data: { [redirectMark]: { redirect: "/shop" } } }],
  ];
  for (const [name, value] of notPlain) {
    it(`leaves data that is not plain to React Router: ${name}`, () => {
      expect(plainHandoffText(value, redirectMark)).toBeNull();
    });
  }

  it("hands what is not plain to React Router's encoder with its arguments, and plain data to no one", async () => {
    const calls: unknown[][] = [];
    const reactRouter = (state: unknown, signal: AbortSignal, timeout: number) => {
      calls.push([state, signal, timeout]);
      return encode(state);
    };
    const signal = new AbortController().signal;
    const deferred = { later: Promise.resolve(1) };
    const theirs = handoffStream(reactRouter, redirectMark, deferred, signal, 4950);
    expect(calls).toEqual([[deferred, signal, 4950]]);
    expect(handoffTextOf(theirs)).toBeUndefined();

    const ours = handoffStream(reactRouter, redirectMark, pageState, signal, 4950);
    expect(calls).toHaveLength(1);
    expect(handoffTextOf(ours)).toBe(await reactRoutersText(pageState));
    // Any other reader (React Router's ServerRouter) gets a stream of the same text.
    const reader = ours.getReader();
    const chunks: Uint8Array[] = [];
    for (let read = await reader.read(); !read.done; read = await reader.read()) chunks.push(read.value);
    expect(Buffer.concat(chunks).toString("utf8")).toBe(handoffTextOf(ours));
  });

  it("answers a client-side navigation's data with the text as its body, and with React Router's stream otherwise", async () => {
    // What a `.data` answer carries: each route's data, or its error.
    const navigation = { root: { data: pageState.loaderData.root }, "routes/product": { data: { product } } };
    // React Router's call passes the request's signal and the stream's timeout after the data.
    const reactRouter = (data: unknown, _signal: AbortSignal, _timeout: number) => encode(data);
    const body = handoffBody(reactRouter, redirectMark, navigation, new AbortController().signal, 4950);
    expect(body).toBe(await reactRoutersText(navigation));
    const failed = { "routes/product": { error: new Error("gone") } };
    const stream = handoffBody(encode, redirectMark, failed);
    expect(stream).toBeInstanceOf(ReadableStream);
    expect(await textOf(stream as ReadableStream<Uint8Array>)).toBe(await reactRoutersText(failed));
  });

  it("is what the page's render takes as the loader data's text, without reading a stream", async () => {
    const stream = handoffStream(encode, redirectMark, pageState);
    const context = { serverHandoffStream: stream } as unknown as EntryContext;
    expect(await readHandoffText(context)).toBe(await reactRoutersText(pageState));
    // React Router's own stream is still read to its end.
    const theirs = { serverHandoffStream: encode({ later: Promise.resolve("x") }) } as unknown as EntryContext;
    expect(await readHandoffText(theirs)).toBe(await reactRoutersText({ later: Promise.resolve("x") }));
  });
});
