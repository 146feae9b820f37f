/** Banners (hero slides), headlines and community posts: SPEC §4, §5, §7. */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { createTestApp, type TestApp } from "../support/test-app";
import { signedIn } from "../support/factories";
import { makePost } from "../support/catalog-factories";
import { auditLog, headlines } from "../../server/db/schema";
import { listActiveHeadlines } from "../../server/modules/content/headlines-active";

let t: TestApp;
let staff: Awaited<ReturnType<typeof signedIn>>;
let admin: Awaited<ReturnType<typeof signedIn>>;
let customer: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  // Posting is rate-limited per address; loosened here so one address can try every invalid form.
  t = await createTestApp({ env: { RATE_LIMIT_SCALE: "100" } });
  staff = await signedIn(t.deps.db, "moderator");
  admin = await signedIn(t.deps.db, "admin");
  customer = await signedIn(t.deps.db, "user");
});
afterAll(() => t.close());

const call = (
  method: string,
  url: string,
  headers: Record<string, string> = staff.headers,
  payload?: object,
  lang = "en",
) => t.app.inject({ method: method as "POST", url: `/api${url}`, headers, payload, cookies: { lang } });

const banner = {
  title: "Eid collection",
  description: "New kaftans",
  buttonText: "Shop Now",
  link: "/shop?collection=eid",
  image: "/uploads/eid-800.webp",
};
const activeTitles = async () =>
  (await call("GET", "/promos-featuredproducts", {})).json().promos.map((p: { title: string }) => p.title);

describe("promo banners", () => {
  it("creates a banner inactive, activates, deactivates, deletes and restores it", async () => {
    const created = await call("POST", "/promos", staff.headers, { ...banner, active: true, hidden: true });
    expect(created.statusCode).toBe(201);
    const id = created.json().promo._id;
    expect(created.json().promo).toMatchObject({ active: false, hidden: false, title: "Eid collection" });
    expect(await activeTitles()).toEqual([]);

    const on = await call("POST", `/promos/active/${id}`, staff.headers, { active: true });
    expect(on.json().message).toBe("Promo status updated successfully");
    expect(await activeTitles()).toEqual(["Eid collection"]);

    await call("DELETE", `/promos/active/${id}`);
    expect(await activeTitles()).toEqual([]);
    await call("POST", `/promos/active/${id}`, staff.headers, {});

    const del = await call("DELETE", `/promos/${id}`);
    expect(del.json().message).toBe("Promo deleted successfully");
    expect(await activeTitles()).toEqual([]);
    const deleted = await call("POST", "/getpromos", staff.headers, { hidden: true });
    expect(deleted.json().map((b: { _id: string }) => b._id)).toEqual([id]);
    expect((await call("POST", "/getpromos", staff.headers, { hidden: false })).json()).toEqual([]);

    const restored = await call("POST", `/promos/restore/${id}`, staff.headers, {}, "ar");
    expect(restored.json().message).toBe("تمت استعادة العرض بنجاح");
    expect(await activeTitles()).toEqual(["Eid collection"]);

    const actions = (await t.deps.db.select().from(auditLog).where(eq(auditLog.targetId, id))).map((r) => r.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        "banner.create",
        "banner.activate",
        "banner.deactivate",
        "banner.delete",
        "banner.restore",
      ]),
    );
  });

  const missing: [string, string, string][] = [
    ["title", "Title is required", "العنوان مطلوب"],
    ["description", "Description is required", "الوصف مطلوب"],
    ["buttonText", "Button text is required", "نص الزر مطلوب"],
    ["link", "URL is required", "الرابط مطلوب"],
    ["image", "Image is required", "الصورة مطلوبة"],
  ];
  it.each(missing)("refuses a banner without %s, in both languages", async (field, en, ar) => {
    const body = { ...banner, [field]: "" };
    expect((await call("POST", "/promos", staff.headers, body)).json().message).toBe(en);
    expect((await call("POST", "/promos", staff.headers, body, "ar")).json().message).toBe(ar);
  });

  it("answers 404 for an unknown banner and refuses customers", async () => {
    expect((await call("DELETE", "/promos/00000000-0000-4000-8000-000000000000")).statusCode).toBe(404);
    expect((await call("POST", "/promos/restore/nope")).statusCode).toBe(404);
    expect((await call("POST", "/promos", customer.headers, banner)).statusCode).toBe(403);
  });
});

describe("headlines", () => {
  it("are read once for every page until a headline is written", async () => {
    const reads = vi.spyOn(t.deps.db, "select");
    try {
      await call("POST", "/headlines", staff.headers, { title: "Free delivery", promotion: "Over 1,000 EGP" });
      reads.mockClear();
      const first = await listActiveHeadlines(t.deps.db, "en");
      await Promise.all(Array.from({ length: 20 }, () => listActiveHeadlines(t.deps.db, "ar")));
      expect(reads).toHaveBeenCalledTimes(1);
      // A write in this process (or, bridged, in another) is seen by the next page.
      const created = await call("POST", "/getheadlines", staff.headers, { hidden: false });
      const id = created.json().find((h: { title: string }) => h.title === "Free delivery")._id;
      await call("POST", `/headlines/active/${id}`);
      reads.mockClear();
      const after = await listActiveHeadlines(t.deps.db, "en");
      expect(after.length).toBe(first.length + 1);
      expect(reads).toHaveBeenCalledTimes(1);
      const deleted = await call("DELETE", `/headlines/${id}`);
      expect(deleted.json().message).toBe("Headline deleted successfully");
      expect(await listActiveHeadlines(t.deps.db, "en")).toEqual(first);
      // Gone for good: the lists of the test below start empty.
      await t.deps.db.delete(headlines).where(eq(headlines.id, id));
    } finally {
      reads.mockRestore();
    }
  });

  it("creates inactive, toggles, soft-deletes and restores; the bar shows active ones in the reader's language", async () => {
    const created = await call("POST", "/headlines", staff.headers, {
      title: "Free delivery",
      titleAr: "توصيل مجاني",
      promotion: "Over 1500 EGP",
      promotionAr: "للطلبات فوق 1500 جنيه",
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().headline._id;
    expect(created.json().headline.active).toBe(false);
    expect((await call("GET", "/headlines/active", {})).json()).toEqual([]);

    expect((await call("POST", `/headlines/active/${id}`)).json().message).toBe("Headline status updated successfully");
    expect((await call("GET", "/headlines/active", {})).json()).toEqual([
      { _id: id, title: "Free delivery", promotion: "Over 1500 EGP" },
    ]);
    expect((await call("GET", "/headlines/active", {}, undefined, "ar")).json()).toEqual([
      { _id: id, title: "توصيل مجاني", promotion: "للطلبات فوق 1500 جنيه" },
    ]);

    await call("DELETE", `/headlines/active/${id}`);
    expect((await call("GET", "/headlines/active", {})).json()).toEqual([]);
    await call("POST", `/headlines/active/${id}`);
    expect((await call("DELETE", `/headlines/${id}`)).json().message).toBe("Headline deleted successfully");
    expect((await call("GET", "/headlines/active", {})).json()).toEqual([]);
    expect(
      (await call("POST", "/getheadlines", staff.headers, { hidden: true })).json().map((h: { _id: string }) => h._id),
    ).toEqual([id]);
    expect((await call("POST", `/headlines/restore/${id}`)).json().message).toBe("Headline restored successfully");
    expect((await call("GET", "/headlines/active", {})).json()).toHaveLength(1);
  });

  it("requires a title and a promotion", async () => {
    expect((await call("POST", "/headlines", staff.headers, { title: "", promotion: "x" })).json().message).toBe(
      "Title is required",
    );
    expect((await call("POST", "/headlines", staff.headers, { title: "x" }, "ar")).json().message).toBe(
      "نص العرض مطلوب",
    );
  });
});

describe("community posts", () => {
  it("lists posts newest first with the spec's fields", async () => {
    await makePost(t.deps.db, { name: "Older", createdAt: new Date(Date.now() - 60_000) });
    await makePost(t.deps.db, { name: "Newer" });
    const res = await call("GET", "/posts", {});
    expect(res.statusCode).toBe(200);
    const posts = res.json();
    expect(posts.slice(0, 2).map((p: { name: string }) => p.name)).toEqual(["Newer", "Older"]);
    expect(Object.keys(posts[0]).sort()).toEqual(["_id", "createdAt", "description", "images", "name", "stars"]);
  });

  it("answers the list as a bare array, as the spec's 'reads posts' (docs/decisions/142)", async () => {
    const res = await call("GET", "/posts", {});
    expect(Array.isArray(res.json())).toBe(true);
  });

  it("lets a signed-in customer share a review with up to 3 uploaded images", async () => {
    const res = await call("POST", "/posts", customer.headers, {
      name: "  Nour ",
      description: "Perfect fit",
      stars: 4,
      images: ["/uploads/a-800.webp"],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().post).toMatchObject({
      name: "Nour",
      description: "Perfect fit",
      stars: 4,
      images: ["/uploads/a-800.webp"],
    });
    expect((await call("POST", "/posts", {}, { name: "Guest", description: "Hi", stars: 5 })).statusCode).toBe(401);
  });

  const invalid: [string, object, string, string][] = [
    ["a blank name", { name: "   ", description: "Nice", stars: 5 }, "Please enter your name", "من فضلك اكتبي اسمك"],
    ["a blank review", { name: "Nour", description: " ", stars: 5 }, "Please write your review", "من فضلك اكتبي رأيك"],
    [
      "0 stars",
      { name: "Nour", description: "Nice", stars: 0 },
      "Please choose a rating from 1 to 5 stars",
      "من فضلك اختاري تقييمًا من 1 إلى 5 نجوم",
    ],
    [
      "6 stars",
      { name: "Nour", description: "Nice", stars: 6 },
      "Please choose a rating from 1 to 5 stars",
      "من فضلك اختاري تقييمًا من 1 إلى 5 نجوم",
    ],
    [
      "4 images",
      {
        name: "Nour",
        description: "Nice",
        stars: 5,
        images: ["/uploads/a.webp", "/uploads/b.webp", "/uploads/c.webp", "/uploads/d.webp"],
      },
      "Maximum 3 images allowed",
      "الحد الأقصى 3 صور",
    ],
    [
      "an outside image",
      { name: "Nour", description: "Nice", stars: 5, images: ["https://x.example/a.png"] },
      "Choose images uploaded to the shop",
      "اختاري صورًا مرفوعة على المتجر",
    ],
  ];
  it.each(invalid)("refuses %s in both languages", async (_what, body, en, ar) => {
    const res = await call("POST", "/posts", customer.headers, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(en);
    expect((await call("POST", "/posts", customer.headers, body, "ar")).json().message).toBe(ar);
  });

  it("lets only an admin delete a post", async () => {
    const p = await makePost(t.deps.db, { name: "To remove" });
    expect((await call("DELETE", `/posts/${p.id}`, staff.headers)).statusCode).toBe(403);
    const res = await call("DELETE", `/posts/${p.id}`, admin.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe("Post deleted successfully");
    expect((await call("GET", "/posts", {})).json().some((x: { _id: string }) => x._id === p.id)).toBe(false);
    expect((await call("DELETE", `/posts/${p.id}`, admin.headers)).statusCode).toBe(404);
    const audit = await t.deps.db.select().from(auditLog).where(eq(auditLog.targetId, p.id));
    expect(audit.map((r) => r.action)).toEqual(["post.delete"]);
  });
});
