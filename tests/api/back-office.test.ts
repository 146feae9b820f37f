/**
 * The back office's analytics, active collections and audit trail (issue 5, items 3 and 4). The
 * analytics are checked against figures worked out by hand from a small fixture of orders.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createTestApp, type TestApp } from "../support/test-app";
import { makeUser, signedIn } from "../support/factories";
import {
  cairoDay,
  cairoDaysBefore,
  cairoMonth,
  daysAgo,
  insertOrder,
  insertProduct,
} from "../support/back-office-factories";
import { collections, users } from "../../server/db/schema";
import { recordAudit } from "../../server/modules/audit/audit";

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
let moderator: Awaited<ReturnType<typeof signedIn>>;
let customer: Awaited<ReturnType<typeof signedIn>>;

/**
 * Each describe block gets its own database, so no block depends on another having run first
 * (the admin figures used to count the moderator block's orders).
 */
function freshShop() {
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signedIn(t.deps.db, "admin");
    moderator = await signedIn(t.deps.db, "moderator");
    customer = await signedIn(t.deps.db, "user");
  });
  afterAll(() => t.close());
}

const get = (url: string, headers?: Record<string, string>) => t.app.inject({ method: "GET", url, headers });
const post = (url: string, payload: unknown, headers?: Record<string, string>) =>
  t.app.inject({ method: "POST", url, payload: payload as object, headers });

describe("moderator analytics", () => {
  freshShop();
  const today = new Date();
  const tenDaysAgo = daysAgo(10);
  const fortyDaysAgo = daysAgo(40);
  let dress: Awaited<ReturnType<typeof insertProduct>>;
  let top: Awaited<ReturnType<typeof insertProduct>>;
  let skirt: Awaited<ReturnType<typeof insertProduct>>;

  beforeAll(async () => {
    const db = t.deps.db;
    dress = await insertProduct(db, { name: "Satin Dress", nameAr: "فستان ساتان", category: "dresses", stock: 3 });
    top = await insertProduct(db, { name: "Cotton Top", category: "tops", stock: 10 });
    skirt = await insertProduct(db, { name: "Pleated Skirt", category: "skirts", stock: 0 });
    await insertProduct(db, { name: "Deleted Hoodie", category: "hoodies", stock: 1, hidden: true });
    await insertProduct(db, { name: "Pending Jacket", category: "jackets", stock: 2, status: "pending" });

    await insertOrder(db, {
      total: 100_000,
      lines: [
        { product: dress, quantity: 2 },
        { product: top, quantity: 1 },
      ],
    });
    await insertOrder(db, {
      total: 25_050,
      status: "Delivered",
      paymentMethod: "Credit Card",
      lines: [{ product: top, quantity: 3 }],
    });
    // Paid by card, then cancelled: the money went back, a real refund (issue 17).
    await insertOrder(db, {
      total: 40_000,
      status: "Cancelled",
      paymentMethod: "Credit Card",
      paymentStatus: "Paid",
      lines: [{ product: dress, quantity: 5 }],
    });
    await insertOrder(db, {
      total: 30_000,
      status: "Delivered",
      createdAt: fortyDaysAgo,
      lines: [{ product: skirt, quantity: 1 }],
    });
    await insertOrder(db, {
      total: 9_999,
      status: "Shipped",
      createdAt: tenDaysAgo,
      lines: [{ product: top, quantity: 1 }],
    });
  });

  it("totals products, orders, revenue without cancelled orders, and the average order", async () => {
    const res = await get("/api/moderator/analytics", moderator.headers);
    expect(res.statusCode).toBe(200);
    const a = res.json();
    // Five fixture products, one of them deleted (hidden).
    expect(a.totalProducts).toBe(4);
    expect(a.hiddenProducts).toBe(1);
    expect(a.totalOrders).toBe(5);
    // 1000 + 250.50 + 300 + 99.99; the cancelled 400 does not count.
    expect(a.totalRevenue).toBe(1650.49);
    // 1650.49 / 4 kept orders = 412.6225.
    expect(a.averageOrderValue).toBe(412.62);
    const thisMonth = cairoMonth(today);
    const expectedThisMonth = 3 + (cairoMonth(tenDaysAgo) === thisMonth ? 1 : 0);
    expect(a.ordersThisMonth).toBe(expectedThisMonth);
  });

  it("ranks categories and products by units sold in orders that were not cancelled, with their Arabic names", async () => {
    const a = (await get("/api/moderator/analytics", admin.headers)).json();
    expect(a.topCategories).toEqual([
      { name: "tops", value: 5 },
      { name: "dresses", value: 2 },
      { name: "skirts", value: 1 },
    ]);
    expect(a.mostSoldProducts).toEqual([
      { name: "Cotton Top", nameAr: null, sales: 5, _id: top.id },
      { name: "Satin Dress", nameAr: "فستان ساتان", sales: 2, _id: dress.id },
      { name: "Pleated Skirt", nameAr: null, sales: 1, _id: skirt.id },
    ]);
    expect(a.topPaymentMethods).toEqual([
      { name: "Cash on Delivery", value: 3 },
      { name: "Credit Card", value: 1 },
    ]);
  });

  it("lists visible size and color pairs with five or fewer in stock, fewest first, with their Arabic names", async () => {
    // The fixtures offer one pair, M in black (issue 15: low stock is per variant).
    const pairOf = (p: { code: string }) => ({ size: "M", color: "#000000", sku: `${p.code}-M-000000`.toUpperCase() });
    const a = (await get("/api/moderator/analytics", moderator.headers)).json();
    expect(a.lowStockProducts).toEqual([
      { name: "Pleated Skirt", nameAr: null, images: skirt.images, stock: 0, ...pairOf(skirt), _id: skirt.id },
      { name: "Satin Dress", nameAr: "فستان ساتان", images: dress.images, stock: 3, ...pairOf(dress), _id: dress.id },
    ]);
  });

  it("gives revenue and refunds per day over the last 30 days", async () => {
    const a = (await get("/api/moderator/analytics", moderator.headers)).json();
    expect(a.revenueOverTime).toHaveLength(30);
    expect(a.refundAmountsOverTime).toHaveLength(30);
    expect(a.revenueOverTime.at(-1)).toEqual({ date: cairoDay(today), revenue: 1250.5 });
    expect(a.revenueOverTime.find((d: { date: string }) => d.date === cairoDay(tenDaysAgo))).toEqual({
      date: cairoDay(tenDaysAgo),
      revenue: 99.99,
    });
    // The order of forty days ago is outside the window.
    const sum = a.revenueOverTime.reduce((s: number, d: { revenue: number }) => s + d.revenue, 0);
    expect(Math.round(sum * 100)).toBe(135_049);
    expect(a.refundAmountsOverTime.at(-1)).toEqual({ date: cairoDay(today), amount: 400 });
    expect(a.refundAmountsOverTime.filter((d: { amount: number }) => d.amount > 0)).toHaveLength(1);
    const dates = a.revenueOverTime.map((d: { date: string }) => d.date);
    expect(dates).toEqual([...dates].sort());
    expect(dates[0]).toBe(cairoDaysBefore(29));
  });

  it("refuses guests (401) and customers (403)", async () => {
    expect((await get("/api/moderator/analytics")).statusCode).toBe(401);
    expect((await get("/api/moderator/analytics", customer.headers)).statusCode).toBe(403);
  });
});

describe("admin analytics and active collections", () => {
  freshShop();

  it("counts users, new users this month, and orders and users per day", async () => {
    const db = t.deps.db;
    // Its own orders: three today (one cancelled still counts as an order) and one ten days ago.
    await insertOrder(db, { total: 10_000 });
    await insertOrder(db, { total: 10_000, status: "Delivered" });
    await insertOrder(db, { total: 10_000, status: "Cancelled" });
    await insertOrder(db, { total: 10_000, status: "Shipped", createdAt: daysAgo(10) });
    const old = await makeUser(db, { createdAt: daysAgo(45) });
    await makeUser(db, { deletedAt: new Date() });
    const res = await get("/api/admin/analytics", admin.headers);
    expect(res.statusCode).toBe(200);
    const a = res.json();
    // admin, moderator, customer, and the 45-day-old user; the deleted one does not count.
    expect(a.totalUsers).toBe(4);
    expect(a.totalUsersThisMonth).toBe(3);
    expect(a.usersOverTimeDate).toHaveLength(30);
    expect(a.usersOverTimeDate.at(-1)).toEqual({ date: cairoDay(new Date()), count: 3 });
    expect(a.ordersOverTimeDate).toHaveLength(30);
    expect(a.ordersOverTimeDate.at(-1)).toEqual({ date: cairoDay(new Date()), count: 3 });
    expect(a.ordersOverTimeDate.find((d: { date: string }) => d.date === cairoDay(daysAgo(10))).count).toBe(1);
    expect(a.categoryCount).toBe(10);
    expect(a.collectionCount).toBe(12);
    // Whatever the collections test in this block left active (tests may run in any order).
    const active = await db.select().from(collections).where(eq(collections.active, true));
    expect(a.totalActiveCollections).toBe(active.length);
    expect([...a.activeCollections].sort()).toEqual(active.map((c) => c.name).sort());
    await db.delete(users).where(eq(users.id, old.id));
  });

  it("sets exactly the picked collections active, and the home page shows only those", async () => {
    const db = t.deps.db;
    const winterDress = await insertProduct(db, { name: "Wool Dress", collection: "winter" });
    const summerTop = await insertProduct(db, { name: "Linen Top", collection: "summer", category: "tops" });
    const res = await post("/api/admin/set-active-collections", { collections: ["summer", "eid"] }, admin.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe("Active collections updated");
    const rows = await db.select().from(collections).where(eq(collections.active, true));
    expect(rows.map((c) => c.name).sort()).toEqual(["eid", "summer"]);

    const a = (await get("/api/admin/analytics", admin.headers)).json();
    expect(a.totalActiveCollections).toBe(2);
    expect(a.activeCollections).toEqual(["summer", "eid"]);

    const home = (await get("/api/promos-featuredproducts")).json();
    expect(Object.keys(home.collections)).toEqual(["summer"]);
    expect(home.collections.summer.map((p: { _id: string }) => p._id)).toContain(summerTop.id);
    expect(JSON.stringify(home.collections)).not.toContain(winterDress.id);

    await post("/api/admin/set-active-collections", { collections: ["winter", "summer"] }, admin.headers);
    const again = (await get("/api/promos-featuredproducts")).json();
    expect(Object.keys(again.collections).sort()).toEqual(["summer", "winter"]);
  });

  it("refuses an unknown collection in English and Arabic", async () => {
    const res = await post("/api/admin/set-active-collections", { collections: ["plumbing"] }, admin.headers);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("Unknown collection");
    const ar = await post(
      "/api/admin/set-active-collections",
      { collections: ["plumbing"] },
      { ...admin.headers, cookie: `${admin.cookie}; lang=ar` },
    );
    expect(ar.json().message).toBe("مجموعة غير معروفة");
  });

  it("refuses guests (401), customers and moderators (403)", async () => {
    for (const [method, url] of [
      ["GET", "/api/admin/analytics"],
      ["POST", "/api/admin/set-active-collections"],
    ] as const) {
      const payload = method === "POST" ? { collections: [] } : undefined;
      expect((await t.app.inject({ method, url, payload })).statusCode).toBe(401);
      expect((await t.app.inject({ method, url, payload, headers: customer.headers })).statusCode).toBe(403);
      expect((await t.app.inject({ method, url, payload, headers: moderator.headers })).statusCode).toBe(403);
    }
  });
});

describe("audit trail", () => {
  freshShop();
  it("records the collections change with who and when, newest first, page by page", async () => {
    const before = Date.now();
    await recordAudit(
      t.deps.db,
      { _id: moderator.user.id, email: moderator.user.email },
      "order.status",
      "order",
      "ORD-1",
      { status: "Shipped" },
    );
    await post("/api/admin/set-active-collections", { collections: ["gym"] }, admin.headers);
    const res = await get("/api/admin/audit-log?page=1&limit=1", admin.headers);
    expect(res.statusCode).toBe(200);
    const page1 = res.json();
    expect(page1.totalPages).toBeGreaterThanOrEqual(2);
    expect(page1.entries).toHaveLength(1);
    expect(page1.entries[0]).toMatchObject({
      actorId: admin.user.id,
      actorEmail: admin.user.email,
      action: "collections.setActive",
      targetType: "collection",
      details: { active: ["gym"] },
    });
    expect(Date.parse(page1.entries[0].createdAt)).toBeGreaterThanOrEqual(before - 1000);
    const page2 = (await get("/api/admin/audit-log?page=2&limit=1", admin.headers)).json();
    expect(page2.entries[0]).toMatchObject({
      action: "order.status",
      targetId: "ORD-1",
      actorEmail: moderator.user.email,
      details: { status: "Shipped" },
    });
  });

  it("is for admins only", async () => {
    expect((await get("/api/admin/audit-log")).statusCode).toBe(401);
    expect((await get("/api/admin/audit-log", customer.headers)).statusCode).toBe(403);
    expect((await get("/api/admin/audit-log", moderator.headers)).statusCode).toBe(403);
  });
});

describe("a shop with one day of data", () => {
  freshShop();

  it("pads every series to the full 30 days with zero days, so a chart draws a line, not one dot", async () => {
    await insertOrder(t.deps.db, { total: 12_345 });
    const m = (await get("/api/moderator/analytics", moderator.headers)).json();
    const a = (await get("/api/admin/analytics", admin.headers)).json();
    for (const series of [m.revenueOverTime, m.refundAmountsOverTime, a.usersOverTimeDate, a.ordersOverTimeDate]) {
      expect(series).toHaveLength(30);
      expect(series[0].date).toBe(cairoDaysBefore(29));
      expect(series.at(-1).date).toBe(cairoDay(new Date()));
    }
    expect(m.revenueOverTime.at(-1).revenue).toBe(123.45);
    expect(m.revenueOverTime.slice(0, 29).every((d: { revenue: number }) => d.revenue === 0)).toBe(true);
    expect(a.ordersOverTimeDate.at(-1).count).toBe(1);
  });
});
