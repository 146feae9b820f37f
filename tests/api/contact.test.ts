/** The contact form (SPEC §5 Contact form, §7 POST /sendmessage) and its attachments. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fs from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { createTestApp, type TestApp } from "../support/test-app";
import { multipartFile } from "../support/multipart";
import { contactAttachments, contactMessages } from "../../server/db/schema";
import { detectContactFileType } from "../../server/modules/messages/file-types";
import { contactAttachmentDir, diskAttachmentStore } from "../../server/modules/messages/attachment-store";
import { CONTACT_UPLOAD_LIMITS, sweepUnclaimedAttachments } from "../../server/modules/messages/contact-files";
import { signedIn } from "../support/factories";
import { onPostgres } from "../support/test-app";

let t: TestApp;
beforeAll(async () => {
  // Loosened so the many refusals below are not cut short; the limit itself is tested at the end.
  t = await createTestApp({ env: { RATE_LIMIT_SCALE: "20" } });
});
afterAll(() => t.close());

const PDF = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");
const FIVE_MB = 5 * 1024 * 1024;

function upload(name: string, content: Buffer, type = "application/octet-stream", lang?: "ar", from?: string) {
  const form = multipartFile("file", name, content, type);
  return t.app.inject({
    method: "POST",
    url: "/api/uploads/contact",
    payload: form.payload,
    headers: { ...form.headers, ...(lang ? { cookie: `lang=${lang}` } : {}) },
    ...(from ? { remoteAddress: from } : {}),
  });
}

const privateDir = () => contactAttachmentDir(t.config.dataDir);

/** Runs with smaller quotas, as a shop owner would configure them, and puts them back. */
async function withLimits<T>(limits: Partial<typeof CONTACT_UPLOAD_LIMITS>, run: () => Promise<T>): Promise<T> {
  const saved = { ...CONTACT_UPLOAD_LIMITS };
  Object.assign(CONTACT_UPLOAD_LIMITS, limits);
  try {
    return await run();
  } finally {
    Object.assign(CONTACT_UPLOAD_LIMITS, saved);
  }
}

const pdfOf = (bytes: number) => Buffer.concat([PDF, Buffer.alloc(bytes - PDF.length)]);

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
  it("stores an allowed file privately, outside the public uploads, and answers an id, not a URL anyone can open", async () => {
    const res = await upload("invoice.pdf", PDF, "application/pdf");
    expect(res.statusCode).toBe(200);
    const { id, url } = res.json();
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(url).toBe(id);
    expect(fs.readFileSync(path.join(privateDir(), `${id}.pdf`))).toEqual(PDF);
    expect(fs.existsSync(path.join(t.config.uploadsDir, "contact"))).toBe(false);
    for (const probe of [
      `/uploads/contact/${id}.pdf`,
      `/uploads/${id}.pdf`,
      `/private/contact/${id}.pdf`,
      `/uploads/../private/contact/${id}.pdf`,
    ]) {
      expect((await t.app.inject({ method: "GET", url: probe })).statusCode, probe).toBe(404);
    }
  });

  it("refuses a forbidden type by its content, whatever its name, in English and Arabic", async () => {
    const html = Buffer.from("<html><script>alert(1)</script></html>");
    const res = await upload("harmless.pdf", html, "application/pdf");
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe("Unsupported file type");
    const exe = await upload(
      "setup.exe",
      Buffer.from("MZ\x90\x00\x03\x00\x00\x00", "latin1"),
      "application/x-msdownload",
      "ar",
    );
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
    expect(
      detectContactFileType(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), "budget.xls")?.ext,
    ).toBe("xls");
    // A HEIC photo shares MP4's box layout but is not an allowed type.
    expect(detectContactFileType(Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from("ftypheic")]))).toBeNull();
    expect(detectContactFileType(Buffer.from("plain text"))).toBeNull();
  });
});

describe("sending a contact message", () => {
  it("stores the message and e-mails it to the shop with the attachment", async () => {
    const { url } = (await upload("receipt.pdf", PDF, "application/pdf")).json();
    const res = await t.app.inject({
      method: "POST",
      url: "/api/sendmessage",
      payload: message({ files: [url], type: "Feedback" }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe("Your message has been sent. We will get back to you soon.");

    const [stored] = await t.deps.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.email, "salma@example.com"));
    expect(stored).toMatchObject({ name: "Salma Adel", phone: "01012345678", type: "Feedback", files: [url] });

    await t.settle();
    const mail = t.mail.at(-1)!;
    expect(mail.to).toBe("hello@azya.eg");
    expect(mail.subject).toBe("Contact (Feedback) from Salma Adel");
    expect(mail.text).toContain("My parcel has not arrived yet.");
    expect(mail.text).toContain("salma@example.com");
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments![0]).toMatchObject({ filename: "attachment-1.pdf", contentType: "application/pdf" });
    const attached = mail.attachments![0]!;
    expect("path" in attached && fs.readFileSync(attached.path)).toEqual(PDF);
  });

  it("refuses attachments that are not this server's contact uploads", async () => {
    const before = t.mail.length;
    for (const files of [
      ["https://evil.example.com/x.pdf"],
      ["/uploads/contact/../../secret.pdf"],
      [`/uploads/contact/${"a".repeat(32)}.pdf`],
    ]) {
      const res = await t.app.inject({ method: "POST", url: "/api/sendmessage", payload: message({ files }) });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe("An attachment was not found, please upload it again");
    }
    await t.settle();
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
        const resAr = await t.app.inject({
          method: "POST",
          url: "/api/sendmessage",
          payload: message(overrides),
          cookies: { lang: "ar" },
        });
        expect(resAr.json().message).toBe(ar);
      }
    }
  });
});

describe("private attachments (issue 11 item 2)", () => {
  it("lets staff download a sent message's attachment, and nobody else", async () => {
    const { id } = (await upload("receipt.pdf", PDF, "application/pdf")).json();
    expect(
      (
        await t.app.inject({
          method: "POST",
          url: "/api/sendmessage",
          payload: message({ files: [id], email: "nour@example.com" }),
        })
      ).statusCode,
    ).toBe(200);
    const [stored] = await t.deps.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.email, "nour@example.com"));
    const link = `/api/messages/${stored!.id}/attachments/1`;
    await t.settle();
    expect(t.mail.at(-1)!.text).toContain(link);

    const staff = await signedIn(t.deps.db, "moderator");
    const res = await t.app.inject({ method: "GET", url: link, headers: staff.headers });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload).toEqual(PDF);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["content-disposition"]).toBe('attachment; filename="attachment-1.pdf"');
    expect(res.headers["cache-control"]).toBe("private, no-store");

    expect((await t.app.inject({ method: "GET", url: link })).statusCode).toBe(401);
    const customer = await signedIn(t.deps.db, "user");
    expect((await t.app.inject({ method: "GET", url: link, headers: customer.headers })).statusCode).toBe(403);
    for (const other of [
      `/api/messages/${stored!.id}/attachments/2`,
      `/api/messages/${stored!.id}/attachments/x`,
      `/api/messages/${id}/attachments/1`,
      "/api/messages/nope/attachments/1",
    ]) {
      const r = await t.app.inject({ method: "GET", url: other, headers: staff.headers });
      expect(r.statusCode, other).toBe(404);
      expect(r.json().message).toBe("Not found");
    }
  });

  it("refuses an attachment another message already took, or sent twice", async () => {
    const { id } = (await upload("a.pdf", PDF, "application/pdf")).json();
    expect(
      (await t.app.inject({ method: "POST", url: "/api/sendmessage", payload: message({ files: [id] }) })).statusCode,
    ).toBe(200);
    const again = await t.app.inject({ method: "POST", url: "/api/sendmessage", payload: message({ files: [id] }) });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe("An attachment was not found, please upload it again");
    const { id: other } = (await upload("b.pdf", PDF, "application/pdf")).json();
    const twice = await t.app.inject({
      method: "POST",
      url: "/api/sendmessage",
      payload: message({ files: [other, other], email: "twice@example.com" }),
    });
    expect(twice.statusCode).toBe(400);
    // A refused message keeps nothing: the upload is still free for a corrected message.
    expect(
      await t.deps.db.select().from(contactMessages).where(eq(contactMessages.email, "twice@example.com")),
    ).toEqual([]);
    expect(
      (await t.app.inject({ method: "POST", url: "/api/sendmessage", payload: message({ files: [other] }) }))
        .statusCode,
    ).toBe(200);
  });

  it("deletes uploads no message claimed within the hour, file and row, and keeps the claimed and the recent ones", async () => {
    const store = diskAttachmentStore(privateDir());
    const { id: orphan } = (await upload("orphan.pdf", PDF, "application/pdf")).json();
    const { id: kept } = (await upload("kept.pdf", PDF, "application/pdf")).json();
    await t.app.inject({ method: "POST", url: "/api/sendmessage", payload: message({ files: [kept] }) });
    const inHalfAnHour = new Date(Date.now() + 30 * 60_000);
    await sweepUnclaimedAttachments(t.deps.db, store, inHalfAnHour);
    expect(fs.existsSync(path.join(privateDir(), `${orphan}.pdf`))).toBe(true);

    const inAnHourAndAMinute = new Date(Date.now() + 61 * 60_000);
    expect(await sweepUnclaimedAttachments(t.deps.db, store, inAnHourAndAMinute)).toBeGreaterThanOrEqual(1);
    expect(fs.existsSync(path.join(privateDir(), `${orphan}.pdf`))).toBe(false);
    expect(await t.deps.db.select().from(contactAttachments).where(eq(contactAttachments.id, orphan))).toEqual([]);
    expect(fs.existsSync(path.join(privateDir(), `${kept}.pdf`))).toBe(true);
    // A swept upload can no longer be sent.
    const late = await t.app.inject({ method: "POST", url: "/api/sendmessage", payload: message({ files: [orphan] }) });
    expect(late.statusCode).toBe(400);
  });

  it("caps the bytes one address uploads a day with 429, in English and Arabic", async () => {
    await withLimits({ perClientBytes: 2_500_000 }, async () => {
      const mb = pdfOf(1_000_000);
      expect((await upload("1.pdf", mb, "application/pdf", undefined, "203.0.113.7")).statusCode).toBe(200);
      expect((await upload("2.pdf", mb, "application/pdf", undefined, "203.0.113.7")).statusCode).toBe(200);
      const third = await upload("3.pdf", mb, "application/pdf", undefined, "203.0.113.7");
      expect(third.statusCode).toBe(429);
      expect(third.json().message).toBe(
        "You have uploaded too many files today, please send your message without more attachments or try again tomorrow",
      );
      const ar = await upload("3.pdf", mb, "application/pdf", "ar", "203.0.113.7");
      expect(ar.json().message).toBe("لقد رفعت ملفات كثيرة اليوم، يرجى إرسال رسالتك دون مرفقات أخرى أو المحاولة غدًا");
      expect((await upload("4.pdf", mb, "application/pdf", undefined, "203.0.113.8")).statusCode).toBe(200);
      // A forged address longer than the stored column counts against itself all the same.
      const long = `203.0.113.9${"0".repeat(200)}`;
      const forged = async () => {
        const form = multipartFile("file", "f.pdf", mb, "application/pdf");
        return t.app.inject({
          method: "POST",
          url: "/api/uploads/contact",
          payload: form.payload,
          headers: { ...form.headers, "x-forwarded-for": long },
        });
      };
      expect([(await forged()).statusCode, (await forged()).statusCode, (await forged()).statusCode]).toEqual([
        200, 200, 429,
      ]);
    });
  });

  it("caps the bytes everyone uploads a day, whatever addresses the requests claim", async () => {
    const [used] = await t.deps.db
      .select({ n: sql<string>`coalesce(sum(${contactAttachments.bytes}), 0)` })
      .from(contactAttachments);
    await withLimits({ totalBytes: Number(used!.n) + 2_500_000 }, async () => {
      const codes: number[] = [];
      for (let i = 0; i < 4; i++) {
        const form = multipartFile("file", "x.pdf", pdfOf(1_000_000), "application/pdf");
        const res = await t.app.inject({
          method: "POST",
          url: "/api/uploads/contact",
          payload: form.payload,
          headers: { ...form.headers, "x-forwarded-for": `198.51.100.${i}`, "x-real-ip": `198.51.100.${i}` },
        });
        codes.push(res.statusCode);
        if (res.statusCode === 429) {
          expect(res.json().message).toBe(
            "The shop cannot take more attachments today, please send your message without them or try again tomorrow",
          );
        }
      }
      expect(codes).toEqual([200, 200, 429, 429]);
    });
  });

  it("reads at most a few uploads at once and refuses the rest with 429, in English and Arabic", async () => {
    const answers = await Promise.all(
      Array.from({ length: CONTACT_UPLOAD_LIMITS.inFlight * 3 }, (_, i) =>
        upload("p.pdf", PDF, "application/pdf", i % 2 ? "ar" : undefined, `192.0.2.${100 + i}`),
      ),
    );
    const ok = answers.filter((r) => r.statusCode === 200);
    const busy = answers.filter((r) => r.statusCode === 429);
    expect(ok.length + busy.length).toBe(answers.length);
    expect(ok.length).toBeGreaterThanOrEqual(CONTACT_UPLOAD_LIMITS.inFlight);
    expect(busy.length).toBeGreaterThan(0);
    for (const r of busy) {
      expect([
        "Many files are being uploaded right now, please try again in a moment",
        "يجري رفع ملفات كثيرة الآن، يرجى المحاولة مرة أخرى بعد لحظات",
      ]).toContain(r.json().message);
    }
    // Once they are done, the next upload is read again.
    expect((await upload("after.pdf", PDF, "application/pdf")).statusCode).toBe(200);
  });

  it.skipIf(!onPostgres())(
    "never lets parallel uploads from one address pass the quota together (PostgreSQL)",
    async () => {
      await withLimits({ perClientBytes: 5_000_000 }, async () => {
        const answers = await Promise.all(
          Array.from({ length: 10 }, () =>
            upload("p.pdf", pdfOf(1_000_000), "application/pdf", undefined, "192.0.2.50"),
          ),
        );
        const codes = answers.map((r) => r.statusCode).sort();
        expect(codes.filter((c) => c === 200)).toHaveLength(5);
        expect(codes.filter((c) => c === 429)).toHaveLength(5);
      });
    },
  );
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
