/**
 * The requests, as fast-check arbitraries built from the app's own OpenAPI document: for every
 * operation a body and parameters near the schema, then broken on purpose (wrong types, missing
 * fields, 100k strings, deep nesting, RTL and NUL characters, `__proto__`/`constructor` keys, huge
 * and negative numbers, bad ids, random query strings, wrong content types); plus random methods on
 * known paths, unknown paths, and the pages' `.data` loader URLs. Each case names the identity
 * (guest, customer, admin) it is sent as.
 */
import fc from "fast-check";
import { Obj, Raw, clone, slots } from "./json.mjs";

const LONE_SURROGATES = ["\ud800", "a\udfffb", "\udbff\ud800"];
const NASTY_STRINGS = [
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "\u0000".repeat(20),
  "\u202Egnp.exe",
  "\u200F\u202Bمرحبا\u202C",
  "مرحبا بالعالم",
  "ا".repeat(300),
  "😀",
  "👩🏽‍💻".repeat(30),
  "\uFEFF",
  "\uFFFF",
  "\u0085\u2028\u2029",
  ...LONE_SURROGATES,
  "' OR 1=1 --",
  "'; drop table users; --",
  "\\",
  "\\u0000",
  "%00",
  "%s%s%n",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, sent as text on purpose.
  "${7*7}",
  "{{7*7}}",
  "<script>alert(1)</script>",
  "../../../../etc/passwd",
  "..\\..\\windows\\win.ini",
  "/uploads/../../package.json",
  "javascript:alert(1)",
  "https://evil.example",
  "//evil.example",
  "null",
  "undefined",
  "NaN",
  "Infinity",
  "-1",
  "0",
  "1e400",
  "0x1F",
  "true",
  "[]",
  "{}",
  "__proto__",
  "constructor",
  "prototype",
  "\r\nSet-Cookie: x=1",
  "a\tb\nc\rd",
  "=cmd|' /C calc'!A0",
  "+1",
  "@SUM(1)",
  "-",
  "٠١٢٣٤٥٦٧٨٩",
];
const BAD_IDS = [
  "abc",
  "0",
  "-1",
  "1",
  "1.5",
  "1e9",
  "99999999999999999999",
  "x".repeat(200),
  "٣",
  "مرحبا",
  "😀",
  "null",
  "undefined",
  "__proto__",
  "constructor",
  "prototype",
  "00000000-0000-0000-0000-000000000000",
  "ffffffff-ffff-ffff-ffff-ffffffffffff",
  "00000000-0000-4000-8000-00000000000",
  "00000000-0000-4000-8000-0000000000000",
  " ",
  "..",
  ".",
  "*",
  "%",
  "'",
  '"',
  "a\u0000b",
  "\u202E",
  "\ud800",
  "true",
  "[object Object]",
];
/** Put in a URL exactly as written (already percent-encoded or deliberately broken). */
const RAW_SEGMENTS = [
  "%00",
  "%ff%fe",
  "%E0%A4%A",
  "%",
  "%2e%2e",
  "%2e%2e%2f%2e%2e%2fpackage.json",
  "..%2f..%2fetc%2fpasswd",
  "%c0%ae%c0%ae",
  "%u0041",
  "a%00.data",
  "%0d%0aX-Injected:%201",
];

export const HUGE_NUMBERS = [
  0,
  -0,
  -1,
  1.5,
  -1.5,
  1e308,
  -1e308,
  5e-324,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53 + 1,
  -(2 ** 53) - 1,
  999999999999,
  1e21,
  Infinity,
];

const longString = fc
  .tuple(
    fc.constantFrom("a", "ب", "\u0000", "😀", "\u202E", " ", "%", "<", "'"),
    fc.integer({ min: 10_000, max: 100_000 }),
  )
  .map(([c, n]) => c.repeat(Math.min(n, c.length > 1 ? 50_000 : n)));

export const nastyString = fc.oneof(
  { arbitrary: fc.constantFrom(...NASTY_STRINGS), weight: 6 },
  { arbitrary: fc.string({ unit: "binary", maxLength: 40 }), weight: 3 },
  { arbitrary: fc.string({ unit: "grapheme", maxLength: 40 }), weight: 2 },
  { arbitrary: longString, weight: 1 },
);

const nastyNumber = fc.oneof(fc.constantFrom(...HUGE_NUMBERS), fc.integer(), fc.double({ noNaN: true }));

const deepNesting = fc
  .tuple(fc.integer({ min: 50, max: 100_000 }), fc.constantFrom("[", "{"))
  .map(([n, open]) =>
    open === "["
      ? new Raw("[".repeat(n) + "]".repeat(n), `<[ nested ${n} deep>`)
      : new Raw(`${'{"a":'.repeat(n)}1${"}".repeat(n)}`, `<{"a": nested ${n} deep>`),
  );

const protoKeys = fc.constantFrom(
  new Obj([
    [
      "__proto__",
      new Obj([
        ["role", "admin"],
        ["isAdmin", true],
      ]),
    ],
  ]),
  new Obj([["constructor", new Obj([["prototype", new Obj([["role", "admin"]])]])]]),
  new Obj([
    ["__proto__", null],
    ["toString", "x"],
    ["hasOwnProperty", 1],
  ]),
  new Obj([
    ["prototype", new Obj([["polluted", true]])],
    ["valueOf", []],
  ]),
);

/** Any JSON value, mostly hostile. */
export const nastyValue = fc.letrec((tie) => ({
  value: fc.oneof(
    { arbitrary: nastyString, weight: 5 },
    { arbitrary: nastyNumber, weight: 3 },
    { arbitrary: fc.constantFrom(true, false, null), weight: 2 },
    { arbitrary: protoKeys, weight: 1 },
    { arbitrary: deepNesting, weight: 1 },
    { arbitrary: fc.array(tie("value"), { maxLength: 4 }), weight: 1 },
    {
      arbitrary: fc
        .array(fc.tuple(fc.oneof(nastyString, fc.constantFrom("__proto__", "constructor", "id")), tie("value")), {
          maxLength: 3,
        })
        .map((e) => new Obj(e)),
      weight: 1,
    },
  ),
})).value;

/** A value that fits a JSON schema (roughly), with field-name hints for ids, e-mails and phones. */
export function fromSchema(schema, ctx, name = "", depth = 0) {
  if (!schema || depth > 6) return fc.constant(null);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.const !== undefined) return fc.constant(schema.const);
  const alts = schema.anyOf ?? schema.oneOf;
  if (alts) return fc.oneof(...alts.map((s) => fromSchema(s, ctx, name, depth + 1)));
  if (schema.allOf) return fromSchema(schema.allOf[0], ctx, name, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type;
  switch (type) {
    case "string":
      return stringFor(schema, ctx, name);
    case "integer":
    case "number": {
      const min = schema.minimum ?? (type === "integer" ? -10 : -10);
      const max = Math.min(schema.maximum ?? 1000, min + 100_000);
      return type === "integer"
        ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) })
        : fc.double({ min, max, noNaN: true }).map((d) => Math.round(d * 100) / 100);
    }
    case "boolean":
      return fc.boolean();
    case "array": {
      const min = schema.minItems ?? 0;
      return fc.array(fromSchema(schema.items ?? {}, ctx, name, depth + 1), {
        minLength: min,
        maxLength: Math.max(min, Math.min(schema.maxItems ?? 3, 3)),
      });
    }
    default: {
      const props = Object.entries(schema.properties ?? {});
      if (!props.length) return type === "object" ? fc.constant(new Obj([])) : fc.constant(null);
      const required = new Set(schema.required ?? []);
      return fc
        .tuple(
          ...props.map(([k, s]) =>
            required.has(k)
              ? fromSchema(s, ctx, k, depth + 1).map((v) => [k, v])
              : fc.option(
                  fromSchema(s, ctx, k, depth + 1).map((v) => [k, v]),
                  { nil: undefined },
                ),
          ),
        )
        .map((entries) => new Obj(entries.filter(Boolean)));
    }
  }
}

function stringFor(schema, ctx, name) {
  const max = schema.maxLength ?? 40;
  const min = schema.minLength ?? 0;
  const lower = name.toLowerCase();
  if (schema.format === "email" || lower.includes("email")) return fc.constantFrom(...ctx.emails);
  if (lower.includes("phone")) return fc.constantFrom("01012345678", "01112345678", "+201012345678");
  if (lower.includes("password")) return fc.constantFrom("Fuzz-pass-123", "short", "");
  if (lower === "userid" || lower === "id" || lower.endsWith("id")) return fc.constantFrom(...ctx.ids);
  if (lower.includes("image") || lower === "images" || lower === "file" || lower === "link")
    return fc.constantFrom("/uploads/x.webp", "https://example.com/a.png", "/uploads/../../package.json");
  if (schema.pattern) {
    try {
      return fc.stringMatching(new RegExp(schema.pattern)).map((s) => s.slice(0, max));
    } catch {
      // a pattern JavaScript's RegExp cannot read: fall through to plain text
    }
  }
  return fc.string({ minLength: min, maxLength: Math.max(min, Math.min(max, 30)) });
}

/** Breaks a valid body in one of the ways the brief lists; `how` names it for the report. */
function mutated(valid) {
  const at = (v, i, f) => {
    const s = slots(v);
    if (s.length) f(s[i % s.length]);
    return v;
  };
  return fc.oneof(
    { arbitrary: valid.map((v) => ["valid", v]), weight: 4 },
    {
      arbitrary: fc.tuple(valid, fc.nat()).map(([v, i]) => ["missing field", at(clone(v), i, ([, , del]) => del())]),
      weight: 2,
    },
    {
      arbitrary: fc
        .tuple(valid, fc.nat(), nastyValue)
        .map(([v, i, n]) => ["wrong type", at(clone(v), i, ([, set]) => set(n))]),
      weight: 5,
    },
    {
      arbitrary: fc
        .tuple(valid, fc.nat(), longString)
        .map(([v, i, n]) => ["100k string", at(clone(v), i, ([, set]) => set(n))]),
      weight: 1,
    },
    {
      arbitrary: fc
        .tuple(valid, fc.nat(), deepNesting)
        .map(([v, i, n]) => ["deep nesting", at(clone(v), i, ([, set]) => set(n))]),
      weight: 1,
    },
    {
      arbitrary: fc
        .tuple(valid, protoKeys)
        .map(([v, p]) => ["__proto__ keys", v instanceof Obj ? new Obj([...p.entries, ...clone(v).entries]) : p]),
      weight: 2,
    },
    {
      arbitrary: fc
        .tuple(valid, nastyString)
        .map(([v, s]) => ["extra field", v instanceof Obj ? new Obj([...clone(v).entries, [s, s]]) : v]),
      weight: 1,
    },
    { arbitrary: nastyValue.map((v) => ["whole body hostile", v]), weight: 2 },
  );
}

function encodeSegment(s) {
  // Lone surrogates cannot be percent-encoded as text: send their UTF-8 replacement bytes.
  return [...Buffer.from(s, "utf8")]
    .map((b) =>
      /[A-Za-z0-9\-._~]/.test(String.fromCharCode(b))
        ? String.fromCharCode(b)
        : `%${b.toString(16).toUpperCase().padStart(2, "0")}`,
    )
    .join("");
}

const pathValue = (ctx) =>
  fc.oneof(
    { arbitrary: fc.constantFrom(...ctx.ids).map(encodeSegment), weight: 4 },
    { arbitrary: fc.constantFrom(...BAD_IDS).map(encodeSegment), weight: 4 },
    { arbitrary: fc.uuid().map(encodeSegment), weight: 1 },
    { arbitrary: fc.string({ unit: "binary", maxLength: 30 }).map(encodeSegment), weight: 1 },
    { arbitrary: fc.constantFrom(...RAW_SEGMENTS), weight: 1 },
  );

const queryKey = fc.oneof(
  fc.constantFrom(
    "page",
    "limit",
    "search",
    "searchTerm",
    "lang",
    "redirect",
    "hidden",
    "__proto__",
    "constructor",
    "__proto__[role]",
    "constructor[prototype][x]",
    "a[]",
    "q",
  ),
  fc.string({ maxLength: 12 }),
);

function queryString(params, ctx) {
  const known = params.filter((p) => p.in === "query");
  const knownPairs = fc.tuple(
    ...known.map((p) =>
      fc.option(
        fc
          .oneof(
            { arbitrary: fromSchema(p.schema, ctx, p.name).map((v) => String(v)), weight: 3 },
            { arbitrary: nastyString, weight: 2 },
            { arbitrary: fc.constantFrom(...HUGE_NUMBERS.map(String), "1.5", "-5", "0", "abc", "1e400"), weight: 2 },
          )
          .map((v) => [p.name, v]),
        { nil: undefined },
      ),
    ),
  );
  const extra = fc.array(fc.tuple(queryKey, fc.oneof(nastyString, fc.constantFrom("1", "true", "ar"))), {
    maxLength: 3,
  });
  const raw = fc.option(
    fc.constantFrom(
      "%",
      "a=%ff",
      "=&=&",
      "&&&",
      "page=1&page=2&page=x",
      "lang=ar&lang=en",
      `x=${"%00".repeat(50)}`,
      `${"a".repeat(5000)}=1`,
    ),
    { nil: undefined, freq: 8 },
  );
  return fc.tuple(knownPairs, extra, raw).map(([k, e, r]) => {
    const pairs = [...k.filter(Boolean), ...e].map(([a, b]) => `${encodeSegment(a)}=${encodeSegment(b)}`);
    if (r) pairs.push(r);
    return pairs.length ? `?${pairs.join("&")}` : "";
  });
}

function pathWith(template, _params, ctx) {
  const names = [...template.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
  return fc
    .tuple(...names.map(() => pathValue(ctx)))
    .map((values) => names.reduce((p, n, i) => p.replace(`{${n}}`, values[i]), template));
}

const identity = fc.constantFrom("guest", "customer", "admin");

const CONTENT_TYPES = [
  "application/json",
  "application/json",
  "application/json",
  "application/json; charset=utf-8",
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=zzz",
  "application/json; charset=utf-16",
  "application/xml",
  "",
  "application/json, text/html",
];

/** Headers beyond the body's: a language cookie, a forwarded address, sometimes a bogus token. */
const extraHeaders = fc.record(
  {
    cookieLang: fc.constantFrom("en", "ar", "xx", "", "ar; theme=dark", "%00"),
    forwardedFor: fc.constantFrom(
      "203.0.113.7",
      "not-an-ip",
      "1.1.1.1, 2.2.2.2, 3.3.3.3",
      "::1",
      "127.0.0.1",
      "0".repeat(300),
    ),
    bearer: fc.constantFrom("garbage", "x".repeat(250), "null", "Bearer Bearer", "", "%00", "a.b.c"),
    acceptLanguage: fc.constantFrom("ar-EG", "en", "*", "x".repeat(200)),
  },
  { requiredKeys: [] },
);

function multipartCase(_ctx) {
  const part = fc.record({
    field: fc.constantFrom("file", "files", "image", "attachment", "csv", "x", "__proto__", "file[]", ""),
    filename: fc.constantFrom(
      "a.png",
      "a.jpg",
      "a.webp",
      "a.csv",
      "a.pdf",
      "../../etc/passwd",
      "..\\..\\a.png",
      "a\u0000.png",
      "ملف.png",
      `${"x".repeat(300)}.png`,
      "a.png.exe",
      ".htaccess",
      "",
      "a.svg",
    ),
    type: fc.constantFrom(
      "image/png",
      "image/jpeg",
      "image/webp",
      "text/csv",
      "application/pdf",
      "image/svg+xml",
      "application/octet-stream",
      "text/html",
      "",
    ),
    content: fc.oneof(
      fc.uint8Array({ maxLength: 2000 }),
      fc.constantFrom(
        "\x89PNG\r\n\x1a\n" + "garbage",
        "name,code,price\n=cmd|' /C calc'!A0,X,1\n",
        'name,nameAr,code,description,category,price,stock,images\n"a","ب","C1","d","dresses","-5","1e9","/uploads/../../x"\n',
        "<svg xmlns='http://www.w3.org/2000/svg' onload='alert(1)'/>",
        "%PDF-1.4\n%%EOF",
        "a,b,c\n".repeat(20_000),
        `"${"x".repeat(50_000)}`,
      ),
    ),
  });
  const textField = fc.tuple(
    fc.constantFrom("name", "email", "message", "subject", "phone", "__proto__", "lang"),
    nastyString,
  );
  return fc
    .record({
      files: fc.array(part, { maxLength: 7 }),
      fields: fc.array(textField, { maxLength: 4 }),
      boundary: fc.constantFrom("fuzzboundary", "x".repeat(70)),
    })
    .map((m) => ({ type: "multipart", ...m }));
}

/** Every case of one OpenAPI operation. */
function operationCase(op, ctx) {
  const bodySchema = op.requestBody?.content?.["application/json"]?.schema;
  const wantsMultipart = !bodySchema && (op.path.includes("upload") || op.path.includes("import"));
  const body = bodySchema
    ? mutated(fromSchema(bodySchema, ctx)).map(([how, value]) => ({ type: "json", how, value }))
    : wantsMultipart
      ? fc.oneof(
          { arbitrary: multipartCase(ctx), weight: 4 },
          {
            arbitrary: nastyValue.map((value) => ({ type: "json", how: "json instead of multipart", value })),
            weight: 1,
          },
        )
      : fc.option(
          nastyValue.map((value) => ({ type: "json", how: "unexpected body", value })),
          { nil: null, freq: 2 },
        );
  return fc
    .record({
      identity,
      path: pathWith(op.path, op.parameters ?? [], ctx),
      query: queryString(op.parameters ?? [], ctx),
      body,
      contentType: fc.constantFrom(...CONTENT_TYPES),
      headers: extraHeaders,
    })
    .map((c) => ({
      kind: "operation",
      route: `${op.method} ${op.path}`,
      method: op.method,
      ...c,
      path: c.path + c.query,
    }));
}

/** A method the route does not take, on a path the app knows. */
function wrongMethodCase(ops, ctx) {
  return fc
    .record({
      op: fc.constantFrom(...ops),
      method: fc.constantFrom("GET", "POST", "PUT", "DELETE", "PATCH", "OPTIONS", "HEAD", "TRACE", "QUERY", "PROPFIND"),
      identity,
      body: fc.option(
        nastyValue.map((value) => ({ type: "json", how: "random", value })),
        { nil: null },
      ),
      headers: extraHeaders,
    })
    .chain((c) =>
      pathWith(c.op.path, [], ctx).map((path) => ({
        kind: "method",
        route: `${c.method} ${c.op.path}`,
        method: c.method,
        identity: c.identity,
        path,
        query: "",
        body: c.body,
        contentType: "application/json",
        headers: c.headers,
      })),
    );
}

const PROBE_PATHS = [
  "/api",
  "/api/",
  "/api//products",
  "/api/products/",
  "/api/PRODUCTS",
  "/api/docs/json",
  "/api/../package.json",
  "/api/%2e%2e/package.json",
  "/uploads/",
  "/uploads/..%2f..%2fpackage.json",
  "/uploads/%2e%2e/%2e%2e/package.json",
  "/uploads/x.webp",
  "/assets/../../package.json",
  "/assets/%2e%2e/%2e%2e/server/config.ts",
  "//evil.example/",
  "/\\evil.example",
  "/.env",
  "/.git/config",
  "/build/server/index.js",
  "/server.mjs",
  "/node_modules/fastify/package.json",
  "/healthz/",
  "/robots.txt",
  "/sitemap.xml",
  "/favicon.ico",
  "/index.html",
  "/__manifest",
  "/__manifest?p=/admin/dashboard&version=x",
  "/_root.data",
  "/_root.data?_routes=routes/admin/dashboard",
  "/root.data",
  "/.data",
  "/a.data",
  "/%00",
  "/%ff",
  "/auth?redirect=//evil.example",
  "/auth?redirect=https://evil.example",
  "/auth?redirect=%2F%2Fevil.example",
  "/auth?redirect=javascript:alert(1)",
];

/** A path nobody registered, under /api, for pages, or a probe for files that must not be served. */
function unknownPathCase(ctx) {
  const seg = fc.oneof(
    fc.string({ minLength: 1, maxLength: 12 }).map(encodeSegment),
    fc.constantFrom(...BAD_IDS).map(encodeSegment),
    fc.constantFrom(...RAW_SEGMENTS),
  );
  return fc
    .record({
      path: fc.oneof(
        fc.constantFrom(...PROBE_PATHS),
        fc.array(seg, { minLength: 1, maxLength: 4 }).map((s) => `/api/${s.join("/")}`),
        fc.array(seg, { minLength: 1, maxLength: 4 }).map((s) => `/${s.join("/")}`),
        fc.array(seg, { minLength: 1, maxLength: 3 }).map((s) => `/${s.join("/")}.data`),
        fc.constantFrom(...ctx.ops.map((o) => o.path)).map((p) => `${p.replace(/\{[^}]+\}/g, "x")}/extra`),
        fc.integer({ min: 3000, max: 20_000 }).map((n) => `/api/${"a".repeat(n)}`),
      ),
      method: fc.constantFrom("GET", "GET", "GET", "POST", "PUT", "DELETE", "HEAD", "OPTIONS"),
      identity,
      headers: extraHeaders,
      body: fc.option(formOrJsonBody, { nil: null }),
    })
    .map((c) => ({
      kind: "unknown path",
      route: `${c.method} <unknown>`,
      query: "",
      contentType: c.body?.contentType ?? "application/json",
      ...c,
      body: c.method === "GET" || c.method === "HEAD" ? null : c.body,
    }));
}

/** What a form or a script might post to a page: a form body, JSON, or junk. */
const formOrJsonBody = fc.oneof(
  fc.tuple(fc.array(fc.tuple(queryKey, nastyString), { maxLength: 4 })).map(([pairs]) => ({
    type: "raw",
    how: "form",
    contentType: "application/x-www-form-urlencoded",
    text: pairs.map(([k, v]) => `${encodeSegment(k)}=${encodeSegment(v)}`).join("&"),
  })),
  nastyValue.map((value) => ({ type: "json", how: "json to a page", contentType: "application/json", value })),
  fc
    .constantFrom("_action=delete", "intent=logout", "a=%ff", "%", "\u0000")
    .map((text) => ({ type: "raw", how: "raw", contentType: "text/plain", text })),
);

/** The pages and their React Router `.data` loader URLs (single fetch), with hostile queries. */
function pageCase(ctx) {
  return fc
    .record({
      page: fc.constantFrom(...ctx.pages),
      data: fc.boolean(),
      query: fc.oneof(
        fc.constant(""),
        fc.constantFrom(
          "?page=-1",
          "?page=99999999999",
          "?search=%00",
          `?search=${"a".repeat(3000)}`,
          "?category=__proto__",
          "?price=1-2-3",
          "?sortBy=;drop",
          "?on=%00",
          `?on=${"9".repeat(200)}`,
          "?guest=1",
          "?redirect=//evil.example",
          "?_routes=routes/admin/dashboard",
          "?_routes=root,routes/moderator/orders",
          "?lang=ar",
          "?lang=xx",
          "?logout",
        ),
        fc.tuple(queryKey, nastyString).map(([k, v]) => `?${encodeSegment(k)}=${encodeSegment(v)}`),
      ),
      id: pathValue(ctx),
      identity,
      method: fc.constantFrom("GET", "GET", "GET", "GET", "HEAD", "POST", "PUT", "DELETE"),
      headers: extraHeaders,
      body: fc.option(formOrJsonBody, { nil: null }),
    })
    .map((c) => {
      const base = c.page.replace(/:[^/]+/g, c.id);
      const path = c.data ? `${base === "/" ? "/_root" : base}.data${c.query}` : `${base}${c.query}`;
      const body = c.method === "GET" || c.method === "HEAD" ? null : c.body;
      return {
        kind: c.data ? "page data" : "page",
        route: `${c.method} ${c.page}${c.data ? ".data" : ""}`,
        method: c.method,
        identity: c.identity,
        path,
        query: "",
        body,
        contentType: body?.contentType ?? "application/x-www-form-urlencoded",
        headers: c.headers,
      };
    });
}

/** All the cases, weighted towards the API operations (each operation weighs the same). */
export function allCases(ctx) {
  const ops = ctx.ops;
  return fc.oneof(
    { arbitrary: fc.oneof(...ops.map((op) => operationCase(op, ctx))), weight: 14 },
    { arbitrary: wrongMethodCase(ops, ctx), weight: 2 },
    { arbitrary: unknownPathCase(ctx), weight: 2 },
    { arbitrary: pageCase(ctx), weight: 2 },
  );
}
