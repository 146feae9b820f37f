/**
 * Issue 16, part 6: abandoned-cart reminders (docs/decisions/300–302). A signed-in customer's cart
 * left CART_REMINDER_HOURS, or a guest's bag saved at checkout with the box ticked, gets one e-mail
 * in their language with the bag and a link back; nobody who ordered, unticked or unsubscribed
 * does. Time moves by moving the saved cart's `touched_at` back and making the scan job due, as the
 * COD expiry tests move their job's `run_at`.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { formatEgp } from "../../core/pricing";
import { createTestApp, onPostgres, type TestApp } from "../support/test-app";
import { signedIn, uniqueEmail } from "../support/factories";
import { makeProduct, orderPayload } from "../support/order-factories";
import { cartReminderSends, cartReminders, jobs, reminderAddresses } from "../../server/db/schema";
import { SCAN_JOB } from "../../server/modules/cart-reminders/saved-carts";
import { sendDueReminders } from "../../server/modules/cart-reminders/send-due";
import type { MailMessage } from "../../server/mail/mailer";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: "https://shop.example" } });
});
afterAll(() => t.close());

let ipCounter = 0;
/** A client address of its own, so one test's requests never spend another's rate limit. */
const clientIp = () => `10.16.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

const guestSave = (payload: object, headers: Record<string, string> = {}, remoteAddress = clientIp()) =>
  t.app.inject({ method: "PUT", url: "/api/cart-reminders/guest", payload, headers, remoteAddress });

/** The scan job as the worker runs it: every scan scheduled so far made due, then every due job. */
async function runScan() {
  await t.deps.db.update(jobs).set({ runAt: sql`now()` }).where(eq(jobs.kind, SCAN_JOB));
  await t.settle();
}

/** The cart was last touched `hours` ago. */
async function leave(where: { userId?: string; token?: string }, hours: number) {
  await t.deps.db
    .update(cartReminders)
    .set({ touchedAt: sql`now() - make_interval(secs => ${Math.round(hours * 3600)})` })
    .where(where.userId ? eq(cartReminders.userId, where.userId) : eq(cartReminders.token, where.token!));
}

const mailTo = (email: string) => t.mail.filter((m) => m.to.toLowerCase() === email.toLowerCase());
const linkIn = (mail: MailMessage, pattern: RegExp) => {
  const found = mail.text.match(pattern)?.[0];
  if (!found) throw new Error(`no ${pattern} in ${mail.text}`);
  return found;
};
const unsubscribeTokenOf = (mail: MailMessage) =>
  decodeURIComponent(linkIn(mail, /https:\/\/shop\.example\/unsubscribe\?token=\S+/).split("token=")[1]!);
const restoreTokenOf = (mail: MailMessage) =>
  decodeURIComponent(linkIn(mail, /https:\/\/shop\.example\/cart\?restore=\S+/).split("restore=")[1]!);

const guestLine = (productId: string) => ({ productId, quantity: 1, size: "M", color: "#000000" });

type Customer = Awaited<ReturnType<typeof signedIn>>;

/** The customer's cart as the shop changes it: POST adds the line, PUT changes its quantity by `quantity`. */
const changeCart = (method: "POST" | "PUT", customer: Customer, productId: string, quantity: number) =>
  t.app.inject({ method, url: "/api/cart", headers: customer.headers, payload: { ...guestLine(productId), quantity } });

/** The address's saved reminder state (last e-mail, unsubscribed). */
async function addressRow(email: string) {
  const [row] = await t.deps.db
    .select()
    .from(reminderAddresses)
    .where(eq(reminderAddresses.email, email.toLowerCase()));
  return row;
}

/** The address's last reminder went out `days` ago, so its one-per-window rule no longer holds the next one back. */
async function lastRemindedDaysAgo(email: string, days: number) {
  await t.deps.db
    .update(reminderAddresses)
    .set({ lastSentAt: sql`now() - make_interval(days => ${days})` })
    .where(eq(reminderAddresses.email, email.toLowerCase()));
}

/** A signed-in customer with one line in their server cart. */
async function customerWithCart(overrides: { lang?: "en" | "ar" } = {}) {
  const product = await makeProduct(t.deps.db, { stock: 5, name: "Linen wrap dress", nameAr: "فستان لف كتان" });
  const customer = await signedIn(t.deps.db, "user", { lang: overrides.lang ?? "en" });
  const added = await changeCart("POST", customer, product.id, 2);
  expect(added.statusCode).toBe(200);
  return { customer, product };
}

describe("a signed-in customer's cart", () => {
  it("left 24 hours gets exactly one reminder, not before, with the bag, prices and the links", async () => {
    const { customer, product } = await customerWithCart();
    await leave({ userId: customer.user.id }, 23.9);
    await runScan();
    expect(mailTo(customer.user.email)).toHaveLength(0);

    await leave({ userId: customer.user.id }, 24.1);
    await runScan();
    await runScan();
    const mails = mailTo(customer.user.email);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toBe("You left something in your bag");
    // Two at 500.00 EGP each, priced by the server.
    expect(mail.text).toContain(`- Linen wrap dress · Size M · Black · Qty 2 · ${formatEgp(100_000, "en")}`);
    expect(mail.text).toContain(`Subtotal: ${formatEgp(100_000, "en")}`);
    expect(mail.text).toMatch(/Back to my bag: https:\/\/shop\.example\/cart\?restore=[A-Za-z0-9_-]{43}/);
    const unsubscribeApi = `https://shop.example/api/cart-reminders/unsubscribe?token=${encodeURIComponent(unsubscribeTokenOf(mail))}`;
    expect(mail.headers).toEqual({
      "List-Unsubscribe": `<${unsubscribeApi}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    const [sent] = await t.deps.db
      .select()
      .from(cartReminderSends)
      .where(eq(cartReminderSends.userId, customer.user.id));
    expect(sent).toMatchObject({ email: customer.user.email.toLowerCase(), cameBackAt: null });
    expect(product.id).toBeTruthy();
  });

  it("is written in the customer's language, with the product's Arabic name", async () => {
    const { customer } = await customerWithCart({ lang: "ar" });
    await leave({ userId: customer.user.id }, 25);
    await runScan();
    const [mail] = mailTo(customer.user.email);
    expect(mail!.subject).toBe("تركتِ شيئًا في حقيبتك");
    expect(mail!.text).toContain(`فستان لف كتان · المقاس M · أسود · الكمية 2 · ${formatEgp(100_000, "ar")}`);
    expect(mail!.html).toContain('dir="rtl"');
  });

  it("is reminded again only after the cart changed and was left again (and the address window passed)", async () => {
    const { customer, product } = await customerWithCart();
    await leave({ userId: customer.user.id }, 25);
    await runScan();
    expect(mailTo(customer.user.email)).toHaveLength(1);

    // Left longer, untouched: the same abandonment, no second e-mail.
    await leave({ userId: customer.user.id }, 80);
    await runScan();
    expect(mailTo(customer.user.email)).toHaveLength(1);

    // The cart changes: a new abandonment once it is left again, but not within 7 days of the last e-mail.
    await changeCart("PUT", customer, product.id, -1);
    await leave({ userId: customer.user.id }, 25);
    await runScan();
    expect(mailTo(customer.user.email)).toHaveLength(1);

    await changeCart("PUT", customer, product.id, 1);
    await lastRemindedDaysAgo(customer.user.email, 8);
    await leave({ userId: customer.user.id }, 25);
    await runScan();
    expect(mailTo(customer.user.email)).toHaveLength(2);
  });

  it("gets none once they ordered, and none for an emptied cart", async () => {
    const { customer, product } = await customerWithCart();
    const placed = await t.app.inject({
      method: "POST",
      url: "/api/order",
      headers: customer.headers,
      payload: orderPayload([{ productId: product.id, quantity: 2 }], { email: customer.user.email }),
    });
    expect(placed.statusCode).toBe(201);
    expect(await t.deps.db.select().from(cartReminders).where(eq(cartReminders.userId, customer.user.id))).toEqual([]);
    await t.settle();
    const before = mailTo(customer.user.email).length;

    const other = await customerWithCart();
    await t.app.inject({ method: "DELETE", url: "/api/cart/clear", headers: other.customer.headers });
    await leave({ userId: other.customer.user.id }, 25);
    await runScan();
    expect(mailTo(customer.user.email)).toHaveLength(before);
    expect(mailTo(other.customer.user.email)).toHaveLength(0);
  });
});

describe("unsubscribing", () => {
  async function remindedCustomer() {
    const { customer, product } = await customerWithCart();
    await leave({ userId: customer.user.id }, 25);
    await runScan();
    const [mail] = mailTo(customer.user.email);
    return { customer, product, token: unsubscribeTokenOf(mail!) };
  }

  it("works without signing in, as a one-click POST, is idempotent, and no reminder follows", async () => {
    const { customer, product, token } = await remindedCustomer();
    const oneClick = () =>
      t.app.inject({
        method: "POST",
        url: `/api/cart-reminders/unsubscribe?token=${encodeURIComponent(token)}`,
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: "List-Unsubscribe=One-Click",
        remoteAddress: clientIp(),
      });
    const first = await oneClick();
    expect(first.statusCode).toBe(200);
    expect(first.json().message).toBe("You are unsubscribed. We will not email you bag reminders again.");
    const row = await addressRow(customer.user.email);
    expect(row!.unsubscribedAt).toBeInstanceOf(Date);
    const again = await oneClick();
    expect(again.statusCode).toBe(200);
    const same = await addressRow(customer.user.email);
    expect(same!.unsubscribedAt).toEqual(row!.unsubscribedAt);

    // A new abandonment, long after the window: still nothing.
    await changeCart("POST", customer, product.id, 1);
    await lastRemindedDaysAgo(customer.user.email, 30);
    await leave({ userId: customer.user.id }, 25);
    await runScan();
    expect(mailTo(customer.user.email)).toHaveLength(1);
  });

  it("answers a JSON POST in Arabic too", async () => {
    const { token } = await remindedCustomer();
    const res = await t.app.inject({
      method: "POST",
      url: `/api/cart-reminders/unsubscribe?token=${encodeURIComponent(token)}`,
      headers: { cookie: "lang=ar" },
      remoteAddress: clientIp(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe("تم إلغاء اشتراكك. لن نرسل لكِ تذكيرات الحقيبة مرة أخرى.");
  });

  it("refuses a bad or forged token and unsubscribes nobody", async () => {
    const { token } = await remindedCustomer();
    const [address, signature] = token.split(".");
    const stranger = Buffer.from("stranger@example.com").toString("base64url");
    const forged = [
      `${address}.${signature![0] === "A" ? "B" : "A"}${signature!.slice(1)}`,
      `${stranger}.${signature}`,
      "nonsense",
      `${"a".repeat(500)}.b`,
    ];
    for (const bad of forged) {
      const res = await t.app.inject({
        method: "POST",
        url: `/api/cart-reminders/unsubscribe?token=${encodeURIComponent(bad)}`,
        remoteAddress: clientIp(),
      });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message).toBe("This link is not valid or has expired.");
    }
    expect(
      await t.deps.db.select().from(reminderAddresses).where(eq(reminderAddresses.email, "stranger@example.com")),
    ).toEqual([]);
  });
});

describe("a guest who ticked the box at checkout", () => {
  it("gets one reminder in their language; the link back restores the bag", async () => {
    const product = await makeProduct(t.deps.db, { stock: 5, name: "Satin skirt", nameAr: "تنورة ساتان" });
    const email = uniqueEmail("guest");
    const saved = await guestSave({ email, lines: [guestLine(product.id)] }, { cookie: "lang=ar" });
    expect(saved.statusCode).toBe(200);
    const { token } = saved.json();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    await leave({ token }, 23);
    await runScan();
    expect(mailTo(email)).toHaveLength(0);
    await leave({ token }, 25);
    await runScan();
    await runScan();
    const mails = mailTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("تركتِ شيئًا في حقيبتك");
    expect(mails[0]!.text).toContain("تنورة ساتان");
    expect(restoreTokenOf(mails[0]!)).toBe(token);

    const restored = await t.app.inject({ method: "GET", url: `/api/cart-reminders/restore/${token}` });
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toMatchObject({
      signIn: false,
      lines: [
        {
          productId: product.id,
          quantity: 1,
          size: "M",
          color: "#000000",
          product: { _id: product.id, name: "Satin skirt" },
        },
      ],
    });
  });

  it("without the tick (or after unticking) gets none", async () => {
    const product = await makeProduct(t.deps.db, { stock: 5 });
    const email = uniqueEmail("untick");
    const { token } = (await guestSave({ email, lines: [guestLine(product.id)] })).json();
    const dropped = await t.app.inject({
      method: "DELETE",
      url: `/api/cart-reminders/guest/${token}`,
      remoteAddress: clientIp(),
    });
    expect(dropped.statusCode).toBe(200);
    expect(await t.deps.db.select().from(cartReminders).where(eq(cartReminders.token, token))).toEqual([]);
    // A guest who never ticked it ordered nothing and saved nothing: there is no row to remind.
    const neverTicked = uniqueEmail("never");
    await runScan();
    expect(mailTo(email)).toHaveLength(0);
    expect(mailTo(neverTicked)).toHaveLength(0);
  });

  it("gets none after ordering with that address, and the reminder that led to an order counts as come back", async () => {
    const product = await makeProduct(t.deps.db, { stock: 10 });
    const email = uniqueEmail("ordered");
    const { token } = (await guestSave({ email, lines: [guestLine(product.id)] })).json();
    const order = await t.app.inject({
      method: "POST",
      url: "/api/order/guest",
      payload: orderPayload([{ productId: product.id, quantity: 1 }], { email: email.toUpperCase() }),
    });
    expect(order.statusCode).toBe(201);
    expect(await t.deps.db.select().from(cartReminders).where(eq(cartReminders.token, token))).toEqual([]);
    await runScan();
    expect(mailTo(email).filter((m) => m.subject.includes("bag"))).toHaveLength(0);
  });

  it("keeps a later save to its own row (by token) and never answers another browser's token", async () => {
    const product = await makeProduct(t.deps.db, { stock: 5 });
    const email = uniqueEmail("twice");
    const first = (await guestSave({ email, lines: [guestLine(product.id)] })).json().token;
    const again = (await guestSave({ email, lines: [{ ...guestLine(product.id), quantity: 3 }], token: first })).json()
      .token;
    expect(again).toBe(first);
    const [row] = await t.deps.db.select().from(cartReminders).where(eq(cartReminders.token, first));
    expect(row!.items).toEqual([{ ...guestLine(product.id), quantity: 3 }]);
    // Someone else typing the same address gets a row of their own, not this one's token.
    const stranger = (await guestSave({ email, lines: [guestLine(product.id)] })).json().token;
    expect(stranger).not.toBe(first);
    // Both left: the address still gets one e-mail (one per address per window).
    await leave({ token: first }, 25);
    await leave({ token: stranger }, 25);
    await runScan();
    expect(mailTo(email)).toHaveLength(1);
  });

  it("refuses oversized and malformed saves, and limits how often one client saves", async () => {
    const product = await makeProduct(t.deps.db, { stock: 5 });
    const big = "x".repeat(10 * 1024);
    const ip = clientIp();
    const bad = [
      { email: `${big}@example.com`, lines: [guestLine(product.id)] },
      { email: uniqueEmail(), lines: [{ ...guestLine(product.id), size: big }] },
      { email: uniqueEmail(), lines: [{ ...guestLine(product.id), quantity: 11 }] },
      { email: uniqueEmail(), lines: [] },
      { email: "not an address", lines: [guestLine(product.id)] },
      { email: uniqueEmail(), lines: Array.from({ length: 31 }, () => guestLine(product.id)) },
      { email: uniqueEmail(), lines: [guestLine(product.id)], token: "../../etc" },
    ];
    for (const payload of bad) {
      const res = await guestSave(payload, {}, clientIp());
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
    }
    // More than 16 KB is refused before it is parsed.
    const huge = await guestSave({ email: uniqueEmail(), lines: [guestLine(product.id)], pad: "y".repeat(20_000) });
    expect(huge.statusCode).toBe(413);

    // An attacker's 100 requests from one address: 20 a minute pass, the rest are refused.
    const replies = [];
    for (let i = 0; i < 100; i++)
      replies.push(await guestSave({ email: uniqueEmail("spam"), lines: [guestLine(product.id)] }, {}, ip));
    expect(replies.filter((r) => r.statusCode === 200)).toHaveLength(20);
    expect(replies.filter((r) => r.statusCode === 429)).toHaveLength(80);
  });
});

describe("the restore link", () => {
  it("answers 404 to an unknown token, asks a customer to sign in, and drops a product hidden since", async () => {
    const unknown = await t.app.inject({
      method: "GET",
      url: `/api/cart-reminders/restore/${"A".repeat(43)}`,
      remoteAddress: clientIp(),
    });
    expect(unknown.statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: "GET", url: "/api/cart-reminders/restore/1", remoteAddress: clientIp() }))
        .statusCode,
    ).toBe(400);

    const { customer } = await customerWithCart();
    const [row] = await t.deps.db.select().from(cartReminders).where(eq(cartReminders.userId, customer.user.id));
    const theirs = await t.app.inject({
      method: "GET",
      url: `/api/cart-reminders/restore/${row!.token}`,
      remoteAddress: clientIp(),
    });
    expect(theirs.json()).toEqual({ signIn: true, lines: [] });

    const shown = await makeProduct(t.deps.db, { stock: 5 });
    const hidden = await makeProduct(t.deps.db, { stock: 5, hidden: true });
    const { token } = (
      await guestSave({ email: uniqueEmail(), lines: [guestLine(shown.id), guestLine(hidden.id)] })
    ).json();
    const restored = await t.app.inject({
      method: "GET",
      url: `/api/cart-reminders/restore/${token}`,
      remoteAddress: clientIp(),
    });
    expect(restored.json().lines.map((l: { productId: string }) => l.productId)).toEqual([shown.id]);
  });
});

describe("staff counts", () => {
  const stats = async () => {
    const staff = await signedIn(t.deps.db, "moderator");
    const res = await t.app.inject({ method: "GET", url: "/api/cart-reminders/stats", headers: staff.headers });
    expect(res.statusCode).toBe(200);
    return res.json();
  };

  it("count reminders sent and carts that came back within 7 days of their reminder", async () => {
    const before = await stats();
    const product = await makeProduct(t.deps.db, { stock: 20 });
    const emails = [uniqueEmail("s1"), uniqueEmail("s2"), uniqueEmail("s3")];
    for (const email of emails) {
      const { token } = (await guestSave({ email, lines: [guestLine(product.id)] })).json();
      await leave({ token }, 25);
    }
    await runScan();
    // The first orders the next day: came back. The second orders 8 days after its reminder: too late.
    const order = (email: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/order/guest",
        payload: orderPayload([{ productId: product.id, quantity: 1 }], { email }),
      });
    expect((await order(emails[0]!)).statusCode).toBe(201);
    await t.deps.db
      .update(cartReminderSends)
      .set({ sentAt: sql`now() - interval '8 days'` })
      .where(eq(cartReminderSends.email, emails[1]!));
    expect((await order(emails[1]!)).statusCode).toBe(201);
    // A second order by the first address brings back nothing more.
    expect((await order(emails[0]!)).statusCode).toBe(201);

    // The third was sent 31 days ago: counted in all, not in the last 30 days.
    await t.deps.db
      .update(cartReminderSends)
      .set({ sentAt: sql`now() - interval '31 days'` })
      .where(eq(cartReminderSends.email, emails[2]!));

    const after = await stats();
    expect(after.sent - before.sent).toBe(2);
    expect(after.sentAllTime - before.sentAllTime).toBe(3);
    expect(after.cameBack - before.cameBack).toBe(1);
    expect(after.cameBackAllTime - before.cameBackAllTime).toBe(1);
    expect(after).toMatchObject({ days: 30, comebackDays: 7 });
    const back = await t.deps.db
      .select()
      .from(cartReminderSends)
      .where(and(inArray(cartReminderSends.email, emails), isNull(cartReminderSends.cameBackAt)));
    expect(back.map((r) => r.email).sort()).toEqual([emails[1], emails[2]].sort());
  });

  it("are refused to customers and guests", async () => {
    const customer = await signedIn(t.deps.db, "user");
    expect(
      (await t.app.inject({ method: "GET", url: "/api/cart-reminders/stats", headers: customer.headers })).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ method: "GET", url: "/api/cart-reminders/stats" })).statusCode).toBe(401);
  });
});

describe("two workers on PostgreSQL", () => {
  it.skipIf(!onPostgres())("send each due cart's reminder once, and each address once", async () => {
    const product = await makeProduct(t.deps.db, { stock: 20 });
    const emails = Array.from({ length: 40 }, (_, i) => uniqueEmail(`race${i}`));
    const tokens: string[] = [];
    // Every address saved twice (two browsers): twice the rows, still one e-mail each.
    for (const email of [...emails, ...emails]) {
      const { token } = (await guestSave({ email, lines: [guestLine(product.id)] })).json();
      tokens.push(token);
    }
    await t.deps.db
      .update(cartReminders)
      // In random order, so each scan's batch holds addresses the others also hold.
      .set({ touchedAt: sql`now() - interval '25 hours' - random() * interval '1 hour'` })
      .where(inArray(cartReminders.token, tokens));
    // Three scans at once (workers, or slots overdue), in small batches so they interleave; then the scan jobs.
    const sent = await Promise.all([1, 2, 3, 4].map(() => sendDueReminders(t.deps, 4)));
    expect(sent.reduce((a, b) => a + b, 0)).toBe(emails.length);
    await t.deps.db.update(jobs).set({ runAt: sql`now()` }).where(eq(jobs.kind, SCAN_JOB));
    await Promise.all([t.deps.jobs.runDue(), t.deps.jobs.runDue()]);
    await t.settle();
    for (const email of emails) expect(mailTo(email), email).toHaveLength(1);
    const sends = await t.deps.db.select().from(cartReminderSends).where(inArray(cartReminderSends.email, emails));
    expect(sends).toHaveLength(emails.length);
  });
});
