/** The fuzzer's judge (scripts/fuzz/checks.mjs): what counts as a failure in a reply, and what does not. */
import { describe, expect, it } from "vitest";
// @ts-expect-error a plain ES module of the scripts folder, without types
import { findProblems } from "../../scripts/fuzz/checks.mjs";
// @ts-expect-error a plain ES module of the scripts folder, without types
import { Obj, Raw, preview, squeeze, toJson } from "../../scripts/fuzz/json.mjs";

const json = (status: number, body: unknown) => ({
  status,
  contentType: "application/json",
  body: JSON.stringify(body),
});

describe("the fuzzer's failure checks", () => {
  it("passes ordinary refusals and answers", () => {
    expect(
      findProblems(json(400, { message: "Some fields are invalid", errors: [{ path: "email", message: "x" }] })),
    ).toEqual([]);
    expect(findProblems(json(429, { message: "Too many requests" }))).toEqual([]);
    expect(
      findProblems(json(200, { products: [{ name: "Select dress", description: "Select a size from the list" }] })),
    ).toEqual([]);
  });

  it("fails any 5xx, a dropped connection and a request left unanswered", () => {
    expect(findProblems(json(500, { message: "An error occurred" }))).toEqual(["status 500"]);
    expect(findProblems(json(503, {}))).toEqual(["status 503"]);
    expect(findProblems({ status: 0, body: "" })).toEqual(["connection dropped"]);
    expect(findProblems({ status: 0, body: "", timedOut: true })).toEqual(["no reply in time"]);
  });

  it("fails a stack trace or a server file path in a reply", () => {
    const stack =
      "TypeError: x is undefined\n    at renderPage (/work/shop/server/http/ssr.ts:56:28)\n    at async Object.<anonymous> (file:///app/build/server/index.js:3862:16)";
    expect(findProblems(json(400, { message: stack }))).toContain("stack trace");
    expect(findProblems(json(404, { message: "not found: /srv/shop/build/server/index.js" }))).toContain("file path");
    expect(findProblems({ status: 200, contentType: "text/html", body: `<pre>${stack}</pre>` })).toContain(
      "stack trace",
    );
  });

  it("fails SQL text and database errors, in JSON and in pages", () => {
    expect(findProblems(json(400, { message: 'select "id", "name" from "products" where "id" = $1' }))).toContain(
      "SQL text",
    );
    expect(findProblems(json(400, { message: 'syntax error at or near "drop"' }))).toContain("SQL text");
    expect(
      findProblems(json(409, { message: 'duplicate key value violates unique constraint "users_email_key"' })),
    ).toContain("database error");
    expect(findProblems(json(400, { message: 'relation "users" does not exist' }))).toContain("SQL text");
    expect(
      findProblems({ status: 200, contentType: "text/html", body: "<p>Failed query: insert into orders</p>" }),
    ).toContain("SQL text");
  });

  it("does not take a page's own words for SQL", () => {
    expect(
      findProblems({
        status: 200,
        contentType: "text/html",
        body: "<label>Select a size from the list</label><select></select>",
      }),
    ).toEqual([]);
  });
});

describe("the fuzzer's bodies", () => {
  it("sends __proto__ as an own key and raw nesting as written", () => {
    const body = new Obj([
      ["__proto__", new Obj([["role", "admin"]])],
      ["deep", new Raw("[[[]]]", "<nested 3>")],
    ]);
    expect(toJson(body)).toBe('{"__proto__":{"role":"admin"},"deep":[[[]]]}');
    expect(preview(body)).toBe('{"__proto__":{"role":"admin"},"deep":<nested 3>}');
  });

  it("prints a 100k string as one run", () => {
    expect(squeeze("a".repeat(100_000))).toBe(`<"a"×100000>`);
  });
});
