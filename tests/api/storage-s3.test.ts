/**
 * STORAGE=s3 (decision 270) against a real S3-compatible server (s3rver): pictures uploaded through
 * one app are served by another with its own DATA_DIR, demo pictures go to the bucket too, and
 * contact attachments land in a private prefix that no /uploads address reaches.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { startS3StandIn, type S3StandIn } from "../../scripts/s3-stand-in.mjs";
import { loadConfig } from "../../server/config";
import { garmentImage, imageUrl, renderImages } from "../../server/db/seed/demo-images";
import { createTestApp, type TestApp } from "../support/test-app";
import { signedIn } from "../support/factories";
import { multipartFile } from "../support/multipart";

let s3: S3StandIn;
let a: TestApp;
let b: TestApp;
beforeAll(async () => {
  s3 = await startS3StandIn();
  a = await createTestApp({ env: { ...s3.env, RATE_LIMIT_SCALE: "10" } });
  b = await createTestApp({ env: s3.env });
});
afterAll(async () => {
  await a?.close();
  await b?.close();
  await s3?.stop();
});

const names = async (store: TestApp["deps"]["storage"]["uploads"]) => {
  const all: string[] = [];
  for await (const name of store.list()) all.push(name);
  return all;
};

async function uploadImage(t: TestApp, content: Buffer) {
  const { headers } = await signedIn(t.deps.db, "user");
  const form = multipartFile("file", "photo.png", content);
  return t.app.inject({
    method: "POST",
    url: "/api/uploads",
    payload: form.payload,
    headers: { ...headers, ...form.headers },
  });
}

const PDF = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");

describe("uploads in an S3 bucket", () => {
  it("serves a picture uploaded through one app from another, at every width, with nothing on either disk", async () => {
    const png = await sharp({ create: { width: 1000, height: 800, channels: 3, background: "#c86496" } })
      .png()
      .toBuffer();
    const res = await uploadImage(a, png);
    expect(res.statusCode, res.body).toBe(201);
    const { urls } = res.json() as { urls: Record<string, string> };
    for (const w of ["400", "800", "1600"]) {
      const served = await b.app.inject({ method: "GET", url: urls[w]! });
      expect(served.statusCode).toBe(200);
      expect(served.headers["content-type"]).toBe("image/webp");
      expect(served.headers["cache-control"]).toContain("immutable");
      const meta = await sharp(served.rawPayload).metadata();
      expect(meta.format).toBe("webp");
      expect(meta.width).toBe(w === "1600" ? 1000 : Number(w));
    }
    const head = await b.app.inject({ method: "HEAD", url: urls["800"]! });
    expect(head.statusCode, head.body).toBe(200);
    expect(head.headers["content-type"]).toBe("image/webp");
    expect(head.rawPayload.length).toBe(0);
    expect(await names(b.deps.storage.uploads)).toEqual(
      expect.arrayContaining(Object.values(urls).map((u) => path.basename(u))),
    );
    for (const t of [a, b]) expect(fs.readdirSync(t.config.dataDir)).not.toContain("uploads");
  });

  it("keeps the upload checks: a file that is not a picture is refused and nothing is stored", async () => {
    const before = (await names(a.deps.storage.uploads)).length;
    const res = await uploadImage(a, Buffer.from("<html><script>alert(1)</script></html>".repeat(4)));
    expect(res.statusCode).toBe(400);
    expect((await names(a.deps.storage.uploads)).length).toBe(before);
  });

  it("answers 404 for a name not stored and for anything that is not one plain name", async () => {
    for (const url of [
      "/uploads/nothing-here-800.webp",
      "/uploads/..%2fprivate%2fcontact%2fx.pdf",
      "/uploads/a/b.webp",
      "/uploads/",
    ]) {
      expect((await b.app.inject({ method: "GET", url })).statusCode, url).toBe(404);
    }
  });

  it("draws the demo pictures into the bucket, where the other app serves them", async () => {
    const job = garmentImage("dresses", "#aa3355");
    await renderImages(a.deps.storage.uploads, [job]);
    const served = await b.app.inject({ method: "GET", url: imageUrl(job) });
    expect(served.statusCode).toBe(200);
    expect((await sharp(served.rawPayload).metadata()).width).toBe(800);
  });

  it("keeps contact attachments in the private prefix: mailed and downloadable by staff, never under /uploads", async () => {
    const form = multipartFile("file", "invoice.pdf", PDF, "application/pdf");
    const up = await a.app.inject({
      method: "POST",
      url: "/api/uploads/contact",
      payload: form.payload,
      headers: form.headers,
    });
    expect(up.statusCode, up.body).toBe(200);
    const { id } = up.json() as { id: string };
    expect(await a.deps.storage.private.get(`${id}.pdf`)).toEqual(PDF);
    expect(await names(a.deps.storage.uploads)).not.toContain(`${id}.pdf`);
    for (const t of [a, b]) {
      for (const url of [
        `/uploads/${id}.pdf`,
        `/uploads/private/contact/${id}.pdf`,
        `/uploads/..%2Fprivate%2Fcontact%2F${id}.pdf`,
      ]) {
        expect((await t.app.inject({ method: "GET", url })).statusCode, url).toBe(404);
      }
    }

    const sent = await a.app.inject({
      method: "POST",
      url: "/api/sendmessage",
      payload: {
        name: "Salma",
        email: "salma@example.com",
        phone: "01012345678",
        type: "Support",
        message: "See the invoice.",
        files: [id],
      },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    await a.settle(); // the e-mail is a job (decision 250)
    const attached = a.mail.at(-1)!.attachments![0]! as { content?: string; encoding?: string };
    // Queued as JSON, the bytes travel as base64, which nodemailer decodes when it sends.
    expect(Buffer.from(attached.content ?? "", attached.encoding as BufferEncoding)).toEqual(PDF);

    const link = /\/api\/messages\/[0-9a-f-]{36}\/attachments\/1/.exec(a.mail.at(-1)!.text)![0];
    expect((await a.app.inject({ method: "GET", url: link })).statusCode).toBe(401);
    const staff = await signedIn(a.deps.db, "moderator");
    const download = await a.app.inject({ method: "GET", url: link, headers: staff.headers });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload).toEqual(PDF);
  });
});

describe("S3 settings", () => {
  it("refuses STORAGE=s3 without a bucket", () => {
    expect(() => loadConfig({ NODE_ENV: "test", STORAGE: "s3" } as NodeJS.ProcessEnv)).toThrow(/S3_BUCKET/);
  });

  it("redirects /uploads/<name> to S3_PUBLIC_URL when the bucket's pictures are public there", async () => {
    const t = await createTestApp({ env: { ...s3.env, S3_PUBLIC_URL: "https://cdn.example.com/azya/" } });
    try {
      const res = await t.app.inject({ method: "GET", url: "/uploads/abc-800.webp" });
      expect(res.statusCode).toBe(301);
      expect(res.headers.location).toBe("https://cdn.example.com/azya/uploads/abc-800.webp");
      expect((await t.app.inject({ method: "GET", url: "/uploads/..%2Fprivate%2Fx.pdf" })).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});
