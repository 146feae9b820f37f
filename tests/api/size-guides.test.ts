/** Size guides (issue 15, part 6): one table per category, kept by staff, read by anyone. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, onPostgres, type TestApp } from "../support/test-app";
import { signedIn } from "../support/factories";

let t: TestApp;
let staff: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  t = await createTestApp();
  staff = await signedIn(t.database.db, "moderator");
});
afterAll(() => t.close());

const guide = (overrides: Record<string, unknown> = {}) => ({
  rows: [
    { size: "M", bust: 92, waist: 74, hips: 100, length: 120 },
    { size: "S", bust: 88, waist: 70, hips: 96, length: 118.5 },
  ],
  note: "Measured flat, doubled.",
  noteAr: "مقاسة مسطحة ومضاعفة.",
  ...overrides,
});

const put = (category: string, body: unknown, headers: Record<string, string> = staff.headers) =>
  t.app.inject({
    method: "PUT",
    url: `/api/size-guides/${encodeURIComponent(category)}`,
    payload: body as object,
    headers,
  });
const get = (category: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "GET", url: `/api/size-guides/${encodeURIComponent(category)}`, headers });
const del = (category: string, headers: Record<string, string> = staff.headers) =>
  t.app.inject({ method: "DELETE", url: `/api/size-guides/${encodeURIComponent(category)}`, headers });

describe("size guides", () => {
  it("lets staff create a category's table, which anyone then reads, sizes in the shop's order", async () => {
    const saved = await put("dresses", guide(), { ...staff.headers, cookie: `${staff.headers.cookie}; lang=ar` });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().message).toBe("تم حفظ دليل المقاسات");
    const res = await get("dresses");
    expect(res.statusCode).toBe(200);
    expect(res.json().sizeGuide).toMatchObject({
      category: "dresses",
      rows: [
        { size: "S", bust: 88, waist: 70, hips: 96, length: 118.5 },
        { size: "M", bust: 92, waist: 74, hips: 100, length: 120 },
      ],
      note: "Measured flat, doubled.",
      noteAr: "مقاسة مسطحة ومضاعفة.",
    });
  });

  it("replaces a table on a second save, keeps a cell left empty as not measured, and deletes it", async () => {
    await put("pants", guide());
    const replaced = await put(
      "pants",
      guide({ rows: [{ size: "L", bust: null, waist: 80, hips: 106, length: 101 }] }),
    );
    expect(replaced.statusCode).toBe(200);
    expect((await get("pants")).json().sizeGuide.rows).toEqual([
      { size: "L", bust: null, waist: 80, hips: 106, length: 101 },
    ]);
    expect((await del("pants")).statusCode).toBe(200);
    const gone = await get("pants", { cookie: "lang=ar" });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe("لا يوجد دليل مقاسات لهذا القسم بعد");
    expect((await del("pants")).statusCode).toBe(404);
  });

  it("lists every category's table for staff", async () => {
    await put("skirts", guide());
    const res = await t.app.inject({ method: "GET", url: "/api/size-guides", headers: staff.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().sizeGuides.map((g: { category: string }) => g.category)).toContain("skirts");
  });

  it("refuses an unknown category, an unknown or repeated size, and measurements no body has", async () => {
    expect((await put("swimwear", guide())).statusCode).toBe(404);
    const bad = [
      guide({ rows: [] }),
      guide({ rows: [{ size: "XM", bust: 90, waist: 70, hips: 96, length: 110 }] }),
      guide({ rows: [guide().rows[0], guide().rows[0]] }),
      guide({ rows: [{ size: "M", bust: 0, waist: 70, hips: 96, length: 110 }] }),
      guide({ rows: [{ size: "M", bust: 9000, waist: 70, hips: 96, length: 110 }] }),
      guide({ rows: [{ size: "M", bust: "92", waist: 70, hips: 96, length: 110 }] }),
    ];
    for (const body of bad) expect((await put("tops", body)).statusCode, JSON.stringify(body.rows)).toBe(400);
    expect((await get("tops")).statusCode).toBe(404);
  });

  it("answers 400 or 404, never 500, to 10 KB in any field", async () => {
    const big = "x".repeat(10 * 1024);
    expect((await put("tops", guide({ note: big }))).statusCode).toBe(400);
    expect((await put("tops", guide({ noteAr: big }))).statusCode).toBe(400);
    expect(
      (await put("tops", guide({ rows: [{ size: big, bust: 1, waist: 1, hips: 1, length: 1 }] }))).statusCode,
    ).toBe(400);
    // An over-long path is no category: refused before anything reads it.
    expect([400, 404]).toContain((await put(big, guide())).statusCode);
    expect([400, 404]).toContain((await get(big)).statusCode);
  });

  it("refuses changes and the staff list to guests and customers; reading one table is public", async () => {
    await put("jackets", guide());
    const customer = await signedIn(t.database.db, "user");
    expect((await put("jackets", guide(), {})).statusCode).toBe(401);
    expect((await put("jackets", guide(), customer.headers)).statusCode).toBe(403);
    expect((await del("jackets", {})).statusCode).toBe(401);
    expect((await del("jackets", customer.headers)).statusCode).toBe(403);
    expect((await t.app.inject({ method: "GET", url: "/api/size-guides" })).statusCode).toBe(401);
    const list = await t.app.inject({ method: "GET", url: "/api/size-guides", headers: customer.headers });
    expect(list.statusCode).toBe(403);
    expect((await get("jackets")).statusCode).toBe(200);
    expect((await get("jackets", customer.headers)).statusCode).toBe(200);
  });

  it.skipIf(!onPostgres())(
    "takes 20 saves of one table at once without an error, keeps one of them whole, and deletes it once (PostgreSQL)",
    async () => {
      const notes = Array.from({ length: 20 }, (_, i) => `Save ${i}`);
      const saves = await Promise.all(notes.map((note) => put("skirts", guide({ note }))));
      expect(saves.map((r) => r.statusCode)).toEqual(notes.map(() => 200));
      const kept = (await get("skirts")).json().sizeGuide;
      expect(notes).toContain(kept.note);
      expect(kept.rows).toHaveLength(2);
      const deletes = await Promise.all(Array.from({ length: 10 }, () => del("skirts")));
      expect(deletes.map((r) => r.statusCode).sort()).toEqual([200, ...Array(9).fill(404)]);
    },
  );
});
