/** Back-in-stock alerts (issue 15, part 5): the public sign-up, the restock e-mails, the staff counts. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createTestApp, onPostgres, type TestApp } from "../support/test-app";
import { clientIp } from "../support/account-factories";
import { signedIn, uniqueEmail } from "../support/factories";
import { makeProduct } from "../support/catalog-factories";
import { backInStockSubscriptions, jobs } from "../../server/db/schema";
import { emit } from "../../server/events";
import { restockMailSettled } from "../../server/modules/back-in-stock/restock-listener";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: "https://azya.example" } });
});
afterAll(() => t.close());

const soldOut = (overrides: Parameters<typeof makeProduct>[1] = {}) =>
  makeProduct(t.database.db, {
    stock: 0,
    sizes: ["S", "M"],
    colors: ["#000000", "#ff0000"],
    nameAr: "بلوزة اختبار",
    ...overrides,
  });

function subscribe(
  body: Record<string, unknown>,
  opts: { lang?: "ar"; from?: string; headers?: Record<string, string> } = {},
) {
  return t.app.inject({
    method: "POST",
    url: "/api/back-in-stock",
    payload: body,
    remoteAddress: opts.from ?? clientIp(),
    headers: { ...(opts.lang ? { cookie: `lang=${opts.lang}` } : {}), ...opts.headers },
  });
}

const waitingFor = (productId: string) =>
  t.database.db.select().from(backInStockSubscriptions).where(eq(backInStockSubscriptions.productId, productId));

const mailTo = (email: string) => t.mail.filter((m) => m.to === email);

async function restock(productId: string, size: string, color: string) {
  emit("variant.restocked", { productId, size, color });
  await restockMailSettled();
  await t.settle(); // the e-mails are jobs: run them
}

describe("leaving an address for a sold-out size and colour", () => {
  it("answers 201 in the visitor's language and keeps that language for the e-mail", async () => {
    const p = await soldOut();
    const email = uniqueEmail("waiting");
    const en = await subscribe({ productId: p.id, size: "M", color: "#000000", email });
    expect(en.statusCode).toBe(201);
    expect(en.json().message).toMatch(/email you once/);
    const ar = await subscribe({ productId: p.id, size: "S", color: "#000000", email }, { lang: "ar" });
    expect(ar.statusCode).toBe(201);
    expect(ar.json().message).toMatch(/سنراسلك/);
    const rows = await waitingFor(p.id);
    expect(rows.map((r) => [r.size, r.lang]).sort()).toEqual([
      ["M", "en"],
      ["S", "ar"],
    ]);
  });

  it("keeps one subscription per address and variant, and a repeat answers exactly as the first did", async () => {
    const p = await soldOut();
    const email = uniqueEmail("repeat");
    const first = await subscribe({ productId: p.id, size: "M", color: "#ff0000", email });
    const again = await subscribe({ productId: p.id, size: "m", color: "#FF0000", email: email.toUpperCase() });
    expect(again.statusCode).toBe(first.statusCode);
    expect(again.body).toBe(first.body);
    const rows = await waitingFor(p.id);
    expect(rows).toHaveLength(1);
    // Stored with the product's own spelling, so the restock event finds it.
    expect(rows[0]).toMatchObject({ size: "M", color: "#ff0000", email });
  });

  it("refuses a product nobody can see, a size or colour it does not come in, and one that is in stock", async () => {
    const email = uniqueEmail();
    const hidden = await soldOut({ hidden: true });
    const pending = await soldOut({ status: "pending" });
    const inStock = await soldOut({ stock: 3 });
    const p = await soldOut();
    const missing = "00000000-0000-4000-8000-000000000000";
    for (const id of [hidden.id, pending.id, missing]) {
      expect((await subscribe({ productId: id, size: "M", color: "#000000", email })).statusCode).toBe(404);
    }
    const noSize = await subscribe({ productId: p.id, size: "XXL", color: "#000000", email }, { lang: "ar" });
    expect(noSize.statusCode).toBe(400);
    expect(noSize.json().message).toBe("هذا المنتج غير متوفر بهذا المقاس");
    expect((await subscribe({ productId: p.id, size: "M", color: "#00ff00", email })).statusCode).toBe(400);
    const badEmail = await subscribe({ productId: p.id, size: "M", color: "#000000", email: "not-an-email" });
    expect(badEmail.statusCode).toBe(400);
    // The form shows this beside its field (it sends without a schema of its own).
    expect(badEmail.json().errors).toEqual([expect.objectContaining({ path: "email" })]);
    expect((await subscribe({ productId: inStock.id, size: "M", color: "#000000", email })).statusCode).toBe(409);
    expect(await waitingFor(p.id)).toHaveLength(0);
  });

  it("takes an address for a sold-out pair of a product whose other pairs are in stock", async () => {
    // Stock 3 spread over S and M by black and red: M in red is the pair left at 0 (decision 230).
    const p = await soldOut({ stock: 3 });
    const email = uniqueEmail("pair");
    expect((await subscribe({ productId: p.id, size: "M", color: "#ff0000", email })).statusCode).toBe(201);
    expect((await subscribe({ productId: p.id, size: "M", color: "#000000", email })).statusCode).toBe(409);
    expect(await waitingFor(p.id)).toEqual([expect.objectContaining({ size: "M", color: "#ff0000" })]);
  });

  it("answers 400, never 500, to 10 KB in any field", async () => {
    const p = await soldOut();
    const big = "x".repeat(10 * 1024);
    const valid = { productId: p.id, size: "M", color: "#000000", email: uniqueEmail() };
    for (const field of Object.keys(valid)) {
      const value = field === "email" ? `${big}@example.com` : big;
      const res = await subscribe({ ...valid, [field]: value });
      expect(res.statusCode, field).toBe(400);
    }
  });

  it("limits how often one client address may sign up, and a forged X-Forwarded-For does not escape it", async () => {
    const p = await soldOut();
    const from = clientIp();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const forged = { "x-forwarded-for": `203.0.113.${i}` };
      const body = { productId: p.id, size: "M", color: "#000000", email: uniqueEmail("burst") };
      statuses.push((await subscribe(body, { from, headers: forged })).statusCode);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(201));
    expect(statuses.slice(10)).toEqual([429, 429]);
    // Another visitor is not held back by the first one's burst.
    const other = await subscribe({ productId: p.id, size: "S", color: "#000000", email: uniqueEmail() });
    expect(other.statusCode).toBe(201);
  });
});

describe("when the size and colour is back in stock", () => {
  it("mails each subscriber once, in their language, with the product's link, and ends the subscription", async () => {
    const p = await soldOut({ name: "Satin Wrap Blouse" });
    const english = uniqueEmail("en");
    const arabic = uniqueEmail("ar");
    const otherSize = uniqueEmail("other");
    await subscribe({ productId: p.id, size: "M", color: "#000000", email: english });
    await subscribe({ productId: p.id, size: "M", color: "#000000", email: arabic }, { lang: "ar" });
    await subscribe({ productId: p.id, size: "S", color: "#000000", email: otherSize });

    await restock(p.id, "M", "#000000");

    const [en] = mailTo(english);
    expect(mailTo(english)).toHaveLength(1);
    expect(en!.subject).toBe("Satin Wrap Blouse is back in stock");
    expect(en!.text).toContain("Size: M");
    expect(en!.text).toContain("Color: Black");
    expect(en!.text).toContain(`https://azya.example/product/${p.id}`);
    const [ar] = mailTo(arabic);
    expect(mailTo(arabic)).toHaveLength(1);
    expect(ar!.subject).toBe("بلوزة اختبار متوفر من جديد");
    expect(ar!.html).toContain('dir="rtl"');
    expect(ar!.text).toContain(`https://azya.example/product/${p.id}`);
    expect(mailTo(otherSize)).toHaveLength(0);
    expect((await waitingFor(p.id)).map((r) => r.email)).toEqual([otherSize]);

    // The subscription has ended: a second restock of the same variant mails nobody again.
    await restock(p.id, "M", "#000000");
    expect(mailTo(english)).toHaveLength(1);
    expect(mailTo(arabic)).toHaveLength(1);
  });

  it("keeps the waiting list of a product customers cannot see, rather than mail a link that leads nowhere", async () => {
    const p = await soldOut({ hidden: true });
    const email = uniqueEmail("hidden");
    await t.database.db
      .insert(backInStockSubscriptions)
      .values({ productId: p.id, size: "M", color: "#000000", email, lang: "en" });
    await restock(p.id, "M", "#000000");
    expect(mailTo(email)).toHaveLength(0);
    expect(await waitingFor(p.id)).toHaveLength(1);
  });

  it("claims the subscription and queues its e-mail together, so a mail server that is down only delays it", async () => {
    const p = await soldOut();
    const email = uniqueEmail("bounce");
    await subscribe({ productId: p.id, size: "M", color: "#000000", email });
    emit("variant.restocked", { productId: p.id, size: "M", color: "#000000" });
    await restockMailSettled();
    // Claimed and queued in one transaction: the row is gone and the e-mail waits in the jobs table.
    expect(await waitingFor(p.id)).toHaveLength(0);
    const queued = await t.database.db.select().from(jobs).where(eq(jobs.kind, "mail"));
    expect(queued.filter((j) => (j.payload as { to?: string }).to === email)).toHaveLength(1);
    expect(mailTo(email)).toHaveLength(0);
    await t.settle();
    expect(mailTo(email)).toHaveLength(1);
  });

  it.skipIf(!onPostgres())("sends each mail once when restocks of the same variant race (PostgreSQL)", async () => {
    const p = await soldOut();
    const emails = Array.from({ length: 25 }, () => uniqueEmail("race"));
    await t.database.db
      .insert(backInStockSubscriptions)
      .values(emails.map((email) => ({ productId: p.id, size: "S", color: "#ff0000", email, lang: "en" as const })));
    // Every listener starts before any has claimed anything: their DELETE … RETURNING race.
    for (let i = 0; i < 8; i++) emit("variant.restocked", { productId: p.id, size: "S", color: "#ff0000" });
    await restockMailSettled();
    await t.settle();
    for (const email of emails) expect(mailTo(email), email).toHaveLength(1);
    expect(await waitingFor(p.id)).toHaveLength(0);
  });
});

describe("staff see who waits", () => {
  it("counts the waiting addresses per product, size and colour, most awaited first", async () => {
    const p = await soldOut({ name: "Counted Blouse" });
    for (let i = 0; i < 3; i++) await subscribe({ productId: p.id, size: "M", color: "#000000", email: uniqueEmail() });
    await subscribe({ productId: p.id, size: "S", color: "#ff0000", email: uniqueEmail() });
    const staff = await signedIn(t.database.db, "moderator");
    const res = await t.app.inject({
      method: "GET",
      url: `/api/back-in-stock/waiting?productId=${p.id}`,
      headers: staff.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().variants).toEqual([
      {
        productId: p.id,
        name: "Counted Blouse",
        nameAr: "بلوزة اختبار",
        code: p.code,
        size: "M",
        color: "#000000",
        waiting: 3,
      },
      {
        productId: p.id,
        name: "Counted Blouse",
        nameAr: "بلوزة اختبار",
        code: p.code,
        size: "S",
        color: "#ff0000",
        waiting: 1,
      },
    ]);
    const all = await t.app.inject({ method: "GET", url: "/api/back-in-stock/waiting", headers: staff.headers });
    expect(all.json().variants.length).toBeGreaterThanOrEqual(2);
  });

  it("refuses the counts to guests and customers", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/back-in-stock/waiting" })).statusCode).toBe(401);
    const customer = await signedIn(t.database.db, "user");
    const res = await t.app.inject({ method: "GET", url: "/api/back-in-stock/waiting", headers: customer.headers });
    expect(res.statusCode).toBe(403);
  });
});
