/** POST /api/uploads: checked by content, capped in size, re-encoded to WebP at three widths. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import sharp from "sharp";
import { IMAGE_CONCURRENCY, IMAGE_QUEUE_MAX, imageWork } from "../../server/modules/media/image-work";
import { createTestApp, type TestApp } from "../support/test-app";
import { signedIn } from "../support/factories";

let t: TestApp;
let headers: Record<string, string>;
beforeAll(async () => {
  // Loosened so the parallel uploads below meet the image queue, not the rate limit.
  t = await createTestApp({ env: { RATE_LIMIT_SCALE: "10" } });
  headers = (await signedIn(t.deps.db, "user")).headers;
});
afterAll(() => t.close());

/** A multipart body with one file in the given field. */
function multipart(content: Buffer, filename: string, field = "file", type = "application/octet-stream") {
  const boundary = `----test${Date.now()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, content, tail]),
    headers: { ...headers, "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}

const upload = (content: Buffer, filename = "photo.jpg", lang = "en", field = "file") => {
  const body = multipart(content, filename, field);
  return t.app.inject({
    method: "POST",
    url: "/api/uploads",
    headers: body.headers,
    payload: body.payload,
    cookies: { lang },
  });
};

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 150 } } })
    .png()
    .toBuffer();

describe("POST /api/uploads", () => {
  it("re-encodes an image to WebP at 400, 800 and 1600 px and serves it with long cache headers", async () => {
    const res = await upload(await png(2000, 1000), "dress.png");
    expect(res.statusCode, res.body).toBe(201);
    const { url, urls, message } = res.json();
    expect(message).toBe("Image uploaded successfully");
    expect(url).toBe(urls[800]);
    for (const w of [400, 800, 1600]) {
      expect(urls[w]).toMatch(new RegExp(`^/uploads/[A-Za-z0-9_-]+-${w}\\.webp$`));
      const file = path.join(t.config.uploadsDir, path.basename(urls[w]));
      const meta = await sharp(fs.readFileSync(file)).metadata();
      expect(meta.format).toBe("webp");
      expect(meta.width).toBe(w);
    }
    const served = await t.app.inject({ method: "GET", url });
    expect(served.statusCode).toBe(200);
    expect(served.headers["cache-control"]).toContain("immutable");
  });

  it("never enlarges a small image", async () => {
    const { urls } = (await upload(await png(300, 300))).json();
    const meta = await sharp(fs.readFileSync(path.join(t.config.uploadsDir, path.basename(urls[1600])))).metadata();
    expect(meta.width).toBe(300);
  });

  it("judges by content, not by the file name", async () => {
    const jpeg = await sharp({ create: { width: 50, height: 50, channels: 3, background: "#123456" } })
      .jpeg()
      .toBuffer();
    expect((await upload(jpeg, "document.pdf")).statusCode).toBe(201);
  });

  it("refuses a file that is not an image with a clear message in both languages", async () => {
    const fake = Buffer.from("%PDF-1.7 this is not a picture at all");
    const res = await upload(fake, "photo.jpg");
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("This file is not an image. Please upload a JPEG, PNG, WebP, GIF or AVIF picture.");
    expect((await upload(fake, "photo.jpg", "ar")).json().message).toBe(
      "هذا الملف ليس صورة. من فضلك ارفعي صورة JPEG أو PNG أو WebP أو GIF أو AVIF.",
    );
  });

  it("refuses an image that claims to be one but cannot be read", async () => {
    const broken = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);
    const res = await upload(broken);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("This image could not be read. Please try another file.");
  });

  it("refuses a file over 10 MB with 413", async () => {
    const big = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(10 * 1024 * 1024 + 10)]);
    const res = await upload(big);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe("The image is too large (10 MB at most)");
  });

  it("asks for a file when the field is missing or the body is not multipart", async () => {
    expect((await upload(await png(10, 10), "a.png", "en", "other")).json().message).toBe("Choose a file to upload");
    const res = await t.app.inject({ method: "POST", url: "/api/uploads", headers, payload: { file: "x" } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("Choose a file to upload");
  });

  it("needs a signed-in user", async () => {
    const body = multipart(await png(10, 10), "a.png");
    const res = await t.app.inject({
      method: "POST",
      url: "/api/uploads",
      headers: { "content-type": body.headers["content-type"] },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(401);
  });
});

/** CRC-32 of a PNG chunk (type and data). */
function crc32(buf: Buffer): number {
  let c = ~0;
  for (const byte of buf) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/**
 * A few hundred bytes of PNG that declares 20000 x 20000 grey pixels (400 megapixels, 400 MB once
 * decoded): the header of a decompression bomb, without the seconds it takes to compress a real one.
 */
function pngBombHeader(): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(20_000, 0);
  ihdr.writeUInt32BE(20_000, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  const rows = zlib.deflateSync(Buffer.alloc(20_001 * 4));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", rows),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

describe("image decoding limits (issue 11 item 4)", () => {
  it("refuses a picture of more than 40 megapixels by its header, before decoding it, in English and Arabic", async () => {
    const bomb = pngBombHeader();
    expect(bomb.length).toBeLessThan(2000);
    const started = performance.now();
    const res = await upload(bomb, "bomb.png");
    expect(performance.now() - started).toBeLessThan(2000);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe("The image is too large (40 megapixels at most)");
    const ar = await upload(bomb, "bomb.png", "ar");
    expect(ar.json().message).toBe("الصورة كبيرة جدًا (40 ميجابكسل على الأكثر)");
  });

  it("processes parallel uploads one at a time", async () => {
    const picture = await png(1200, 900);
    imageWork.resetPeak();
    const answers = await Promise.all(Array.from({ length: 4 }, () => upload(picture, "p.png")));
    expect(answers.map((r) => r.statusCode)).toEqual([201, 201, 201, 201]);
    expect(imageWork.peak).toBe(IMAGE_CONCURRENCY);
    expect(imageWork.peakWaiting).toBeGreaterThan(0);
    expect(IMAGE_CONCURRENCY).toBe(1);
  });

  it("refuses more uploads than the queue holds with 429, instead of queueing without end", async () => {
    const picture = await png(1600, 1200);
    const answers = await Promise.all(
      Array.from({ length: IMAGE_QUEUE_MAX + IMAGE_CONCURRENCY + 3 }, () => upload(picture, "p.png")),
    );
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201).length).toBeGreaterThanOrEqual(IMAGE_QUEUE_MAX + IMAGE_CONCURRENCY);
    expect(codes.filter((c) => c === 429).length).toBeGreaterThan(0);
    expect(answers.find((r) => r.statusCode === 429)!.json().message).toBe(
      "The shop is processing many pictures, please try again in a moment",
    );
  });
});
