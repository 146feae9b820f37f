/** The contact form (SPEC §5 Contact form, §7 POST /sendmessage) and its attachments. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { createTestApp, type TestApp } from "../support/test-app";
import { multipartFile } from "../support/multipart";
import { contactMessages } from "../../server/db/schema";
import { detectContactFileType } from "../../server/modules/messages/file-types";

let t: TestApp;
beforeAll(async () => {
  // Loosened so the many refusals below are not cut short; the limit itself is tested at the end.
  t = await createTestApp({ env: { RATE_LIMIT_SCALE: "20" } });
});
afterAll(() => t.close());

const PDF = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");
const FIVE_MB = 5 * 1024 * 1024;

function upload(name: string, content: Buffer, type = "application/octet-stream", lang?: "ar") {
  const form = multipartFile("file", name, content, type);
  return t.app.inject({
    method: "POST",
    url: "/api/uploads/contact",
    payload: form.payload,
    headers: { ...form.headers, ...(lang ? { cookie: `lang=${lang}` } : {}) },
  });
}

const message = (overrides: Record<string, unknown> = {}) => ({
  name: "Salma Adel",
  email: "salma@example.com",
  phone: "01012345678",
  type: "Support",
  message: "My parcel has not arrived yet.",
  files: [],
  ...overrides,
});

describe("contact attachments", () => {
  it("stores an allowed file under a random name and answers its URL", async () => {
    const res = await upload("invoice.pdf", PDF, "application/pdf");
    expect(res.statusCode).toBe(200);
    const { url } = res.json();
    expect(url).toMatch(/^\/uploads\/contact\/[a-f0-9]{32}\.pdf$/);
    expect(fs.readFileSync(path.join(t.config.uploadsDir, url.replace("/uploads/", "")))).toEqual(PDF);
    const served = await t.app.inject({ method: "GET", url });
    expect(served.statusCode).toBe(200);
  });

  it("refuses a forbidden type by its content, whatever its name, in English and Arabic", async () => {
    const html = Buffer.from("<html><script>alert(1)</script></html>");
    const res = await upload("harmless.pdf", html, "application/pdf");
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe("Unsupported file type");
    const exe = await upload("setup.exe", Buffer.from("MZ\x90\x00\x03\x00\x00\x00", "latin1"), "application/x-msdownload", "ar");
    expect(exe.statusCode).toBe(415);
    expect(exe.json().message).toBe("نوع الملف غير مدعوم");
  });

  it("refuses a file of 5 MB or more in English and Arabic", async () => {
    const big = Buffer.concat([PDF, Buffer.alloc(FIVE_MB)]);
    const res = await upload("big.pdf", big, "application/pdf");
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe("File size should be less than 5MB");
    const ar = await upload("big.pdf", big, "application/pdf", "ar");
    expect(ar.json().message).toBe("يجب أن يكون حجم الملف أقل من 5 ميجابايت");
  });

  it("recognises every type SPEC §5 allows by its first bytes", () => {
    const tar = Buffer.alloc(512);
    tar.write("ustar", 257, "latin1");
    const samples: [string, Buffer][] = [
      ["jpg", Buffer.from([0xff, 0xd8, 0xff, 0xe0])],
      ["png", Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])],
      ["gif", Buffer.from("GIF89a")],
      ["mp4", Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from("ftypmp42")])],
      ["pdf", PDF],
      ["doc", Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])],
      ["docx", Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from("....word/document.xml")])],
      ["xlsx", Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from("....xl/workbook.xml")])],
      ["pptx", Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from("....ppt/presentation.xml")])],
      ["zip", Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from("....photos/a.jpg")])],
      ["rar", Buffer.from("Rar!\x1a\x07\x00", "latin1")],
      ["7z", Buffer.from([0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c])],
      ["tar", tar],
      ["gz", Buffer.from([0x1f, 0x8b, 0x08])],
      ["bz2", Buffer.from("BZh91AY")],
    ];
    for (const [ext, bytes] of samples) expect(detectContactFileType(bytes)?.ext, ext).toBe(ext);
    expect(detectContactFileType(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), "budget.xls")?.ext).toBe("xls");
    // A HEIC photo shares MP4's box layout but is not an allowed type.
    expect(detectContactFileType(Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from("ftypheic")]))).toBeNull();
    expect(detectContactFileType(Buffer.from("plain text"))).toBeNull();
  });
});

describe("sending a contact message", () => {
  it("stores the message and e-mails it to the shop with the attachment", async () => {
    const { url } = (await upload("receipt.pdf", PDF, "application/pdf")).json();
    const res = await t.app.inject({ method: "POST", url: "/api/sendmessage", payload: message({ files: [url], type: "Feedback" }) });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe("Your message has been sent. We will get back to you soon.");

    const [stored] = await t.deps.db.select().from(contactMessages).where(eq(contactMessages.email, "salma@example.com"));
    expect(stored).toMatchObject({ name: "Salma Adel", phone: "01012345678", type: "Feedback", files: [url] });

    const mail = t.mail.at(-1)!;
    expect(mail.to).toBe("hello@azya.eg");
    expect(mail.subject).toBe("Contact (Feedback) from Salma Adel");
    expect(mail.text).toContain("My parcel has not arrived yet.");
    expect(mail.text).toContain("salma@example.com");
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments![0]).toMatchObject({ filename: "attachment-1.pdf", contentType: "application/pdf" });
    expect(fs.readFileSync(mail.attachments![0]!.path)).toEqual(PDF);
  });

  it("refuses attachments that are not this server's contact uploads", async () => {
    const before = t.mail.length;
    for (const files of [["https://evil.example.com/x.pdf"], ["/uploads/contact/../../secret.pdf"], [`/uploads/contact/${"a".repeat(32)}.pdf`]]) {
      const res = await t.app.inject({ method: "POST", url: "/api/sendmessage", payload: message({ files }) });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe("An attachment was not found, please upload it again");
    }
    expect(t.mail.length).toBe(before);
  });

  it("requires name, a numeric phone, a valid e-mail, a known type and a message, in English and Arabic", async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: "  " }, "Full name is required", "الاسم الكامل مطلوب"],
      [{ phone: "call me" }, "Phone must be a number", "يجب أن يكون رقم الهاتف أرقامًا فقط"],
      [{ email: "salma-at-example" }, "Email is not valid, please enter a valid email", ""],
      [{ type: "Complaint" }, "Please choose the type of message", "يرجى اختيار نوع الرسالة"],
      [{ message: "" }, "Message is required", "الرسالة مطلوبة"],
    ];
    for (const [overrides, en, ar] of cases) {
      const res = await t.app.inject({ method: "POST", url: "/api/sendmessage", payload: message(overrides) });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(en);
      if (ar) {
        const resAr = await t.app.inject({ method: "POST", url: "/api/sendmessage", payload: message(overrides), cookies: { lang: "ar" } });
        expect(resAr.json().message).toBe(ar);
      }
    }
  });
});

describe("rate limit", () => {
  it("refuses a sixth message within a minute from the same address", async () => {
    const strict = await createTestApp();
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        const res = await strict.app.inject({ method: "POST", url: "/api/sendmessage", payload: message() });
        statuses.push(res.statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    } finally {
      await strict.close();
    }
  });
});
