/**
 * Issue 11 item 3: every upload route sets multipart limits, so fields before the file cannot fill
 * the memory, and a broken body is a 400 with a message, never a 500.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import crypto from "node:crypto";
import { createTestApp, type TestApp } from "../support/test-app";
import { signedIn } from "../support/factories";

let t: TestApp;
let staff: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_SCALE: "50" } });
  staff = (await signedIn(t.deps.db, "admin")).headers;
});
afterAll(() => t.close());

const PDF = Buffer.from("%PDF-1.4\n%%EOF\n");

/** A multipart body with the given text fields first, then one file. */
function form(fields: [string, string][], file = PDF, filename = "a.pdf") {
  const boundary = `----t${crypto.randomBytes(6).toString("hex")}`;
  const chunks: Buffer[] = fields.map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  chunks.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
  );
  chunks.push(file, Buffer.from(`\r\n--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
    boundary,
  };
}

const ROUTES = [
  { url: "/api/uploads/contact", auth: () => ({}) },
  { url: "/api/uploads", auth: () => staff },
  { url: "/api/admin/import/products", auth: () => staff },
];

const post = (
  url: string,
  body: { payload: Buffer; headers: Record<string, string> },
  headers: Record<string, string> = {},
) => t.app.inject({ method: "POST", url, payload: body.payload, headers: { ...body.headers, ...headers } });

describe("multipart limits on every upload route", () => {
  it("refuses an upload with 50 fields before the file, with a message in English and Arabic", async () => {
    const fields = Array.from({ length: 50 }, (_, i) => [`f${i}`, "x"] as [string, string]);
    for (const route of ROUTES) {
      const res = await post(route.url, form(fields), route.auth());
      expect(res.statusCode, route.url).toBe(413);
      expect(res.json().message, route.url).toBe("The upload has too many fields");
    }
    const ar = await post("/api/uploads/contact", form(fields), { cookie: "lang=ar" });
    expect(ar.json().message).toBe("يحتوي الرفع على حقول كثيرة جدًا");
  });

  it("refuses a 100 KB field before the file", async () => {
    for (const route of ROUTES) {
      const res = await post(route.url, form([["note", "x".repeat(100 * 1024)]]), route.auth());
      expect(res.statusCode, route.url).toBe(413);
      expect(res.json().message, route.url).toBe("A field of the upload is too long");
    }
  });

  it("answers a malformed body on the public contact upload with 400, not 500", async () => {
    const good = form([]);
    const cases = [
      // Truncated: the file part never ends.
      { payload: good.payload.subarray(0, good.payload.length - 30), headers: good.headers },
      // The boundary in the header is not the one in the body.
      { payload: good.payload, headers: { "content-type": "multipart/form-data; boundary=----nothere" } },
      // No boundary at all.
      { payload: good.payload, headers: { "content-type": "multipart/form-data" } },
      // A part header that never ends.
      {
        payload: Buffer.from(`--${good.boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"`),
        headers: good.headers,
      },
    ];
    for (const [i, c] of cases.entries()) {
      const res = await post("/api/uploads/contact", c);
      expect(res.statusCode, `case ${i}`).toBe(400);
      expect(res.json().message, `case ${i}`).toMatch(
        /^(The upload could not be read, please try again|Please choose a file)$/,
      );
    }
  });

  it("still takes a normal upload", async () => {
    const res = await post("/api/uploads/contact", form([]));
    expect(res.statusCode).toBe(200);
  });
});
