import { describe, expect, it } from "vitest";
import { pageBytes, pageText } from "../../app/lib/page-pieces.server";

describe("a page's bytes from its pieces (decision 395)", () => {
  it("are the UTF-8 of the pieces in order, text and kept bytes alike, Arabic and numbers as they are", () => {
    const pieces = [
      "<!DOCTYPE html>",
      '<html lang="ar" dir="rtl"><body><h1>فساتين للعيد</h1>',
      Buffer.from("<footer>تواصلي معنا · 1,250 ج.م 👗</footer>"),
      "",
      "<p>EGP 1,250.00</p></body></html>",
    ];
    const bytes = pageBytes(pieces);
    expect(bytes.equals(Buffer.from(pieces.map((p) => p.toString()).join("")))).toBe(true);
    expect(pageText(pieces)).toBe(bytes.toString("utf8"));
  });

  it("are a buffer of their own, not a slice of Node's shared pool a kept page would pin", () => {
    const bytes = pageBytes(["<p>", "صغير", "</p>"]);
    expect(bytes.byteOffset).toBe(0);
    expect(bytes.buffer.byteLength).toBe(bytes.length);
  });

  it("hold a page of more than 64,000 Arabic characters whole", () => {
    const row = `<li><a href="/product/1">فستان كتان مطرز للعيد</a> <span>1,250 ج.م</span></li>`;
    const pieces = Array.from({ length: 1_000 }, () => row);
    const bytes = pageBytes(pieces);
    expect(pieces.join("").length).toBeGreaterThan(64_000);
    expect(bytes.length).toBe(Buffer.byteLength(row) * 1_000);
    expect(bytes.subarray(0, Buffer.byteLength(row)).toString()).toBe(row);
  });
});
