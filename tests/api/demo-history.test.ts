/**
 * Issue 18 part 7: with SEED_DEMO=true the demo shop comes with 90 days of sign-ups, orders and
 * reviews, so the dashboards draw something on the first start; without it (unset or false) no
 * invented customer or order is ever written.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { createTestApp, type TestApp } from "../support/test-app";
import { signedIn } from "../support/factories";
import { seedOnStart } from "../../server/db/seed";
import { HISTORY_DAYS, planDemoHistory, type ProductForHistory } from "../../server/db/seed/demo-history";
import { DEMO_POSTS } from "../../server/db/seed/demo-catalogue";
import type { AdminAnalytics, ModeratorAnalytics } from "../../server/modules/back-office/back-office-dto";

async function count(t: TestApp, table: string): Promise<number> {
  const res = (await t.deps.db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as {
    rows: { n: number }[];
  };
  return res.rows[0]!.n;
}

describe("the demo history (SEED_DEMO=true)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await seedOnStart({ ...t.deps, config: { ...t.config, SEED_DEMO: true } });
  }, 120_000);
  afterAll(() => t.close());

  it("fills the dashboards' 30-day series and lists", async () => {
    const admin = await signedIn(t.deps.db, "admin");
    const mod = (
      await t.app.inject({ method: "GET", url: "/api/moderator/analytics", headers: admin.headers })
    ).json() as ModeratorAnalytics;
    const adm = (
      await t.app.inject({ method: "GET", url: "/api/admin/analytics", headers: admin.headers })
    ).json() as AdminAnalytics;
    const nonZeroDays = (values: number[]) => values.filter((v) => v > 0).length;

    expect(mod.revenueOverTime).toHaveLength(30);
    expect(nonZeroDays(mod.revenueOverTime.map((d) => d.revenue))).toBeGreaterThanOrEqual(25);
    expect(nonZeroDays(mod.refundAmountsOverTime.map((d) => d.amount))).toBeGreaterThan(0);
    expect(nonZeroDays(adm.ordersOverTimeDate.map((d) => d.count))).toBeGreaterThanOrEqual(25);
    expect(nonZeroDays(adm.usersOverTimeDate.map((d) => d.count))).toBeGreaterThanOrEqual(15);
    expect(mod.totalOrders).toBeGreaterThan(200);
    expect(mod.totalRevenue).toBeGreaterThan(0);
    expect(mod.averageOrderValue).toBeGreaterThan(0);
    expect(mod.topCategories.length).toBeGreaterThan(3);
    expect(mod.mostSoldProducts.length).toBeGreaterThan(3);
    expect(mod.topPaymentMethods.map((m) => m.name).sort()).toEqual(["Cash on Delivery", "Credit Card"]);
    expect(adm.totalUsers).toBeGreaterThan(100);
  });

  it("spreads the orders over 90 days, most of them delivered, the newest still on their way", async () => {
    const res = (await t.deps.db.execute(
      sql`select min(created_at) as first, max(created_at) as last,
                 count(*) filter (where status = 'Delivered')::int as delivered,
                 count(*) filter (where status = 'Processing')::int as processing,
                 count(*)::int as total
            from orders`,
    )) as unknown as {
      rows: { first: Date | string; last: Date | string; delivered: number; processing: number; total: number }[];
    };
    const r = res.rows[0]!;
    const ageDays = (d: Date | string) => (Date.now() - new Date(d).getTime()) / 86_400_000;
    expect(ageDays(r.first)).toBeGreaterThan(HISTORY_DAYS - 2);
    expect(ageDays(r.first)).toBeLessThan(HISTORY_DAYS + 1);
    expect(ageDays(r.last)).toBeLessThan(2);
    expect(r.delivered / r.total).toBeGreaterThan(0.6);
    expect(r.processing).toBeGreaterThan(0);
    expect(await count(t, "posts")).toBeGreaterThan(DEMO_POSTS.length + 5);
    // Every order's lines add up to its subtotal (the prices came through core/pricing).
    const off = (await t.deps.db.execute(
      sql`select count(*)::int as n from orders o
           where o.subtotal <> (select sum(line_total) from order_items i where i.order_id = o.id)
              or o.total <> o.subtotal - o.promo_discount + o.shipping_price`,
    )) as unknown as { rows: { n: number }[] };
    expect(off.rows[0]!.n).toBe(0);
  });

  it("is the same history every time for the same catalogue and day", () => {
    const now = Date.UTC(2026, 10, 26, 12);
    const first = planDemoHistory(catalogue, now);
    expect(planDemoHistory(catalogue, now)).toEqual(first);
    expect(first.orderRows.length).toBeGreaterThan(200);
    expect(new Set(first.orderRows.map((o) => o.orderNumber)).size).toBe(first.orderRows.length);
    expect(first.orderRows.every((o) => /^ORD-\d{13}$/.test(o.orderNumber))).toBe(true);
  });

  it("has refunds in the dashboards' last 30 days whatever the day it is seeded (failed on 28 Nov 2026)", () => {
    const windowMs = 29 * 86_400_000;
    const daysWithout: string[] = [];
    for (let day = 0; day < 365; day++) {
      const now = Date.UTC(2026, 0, 1, 21, 46) + day * 86_400_000;
      const refunds = planDemoHistory(catalogue, now).orderRows.filter(
        (o) =>
          o.status === "Cancelled" && o.paymentStatus === "Paid" && now - (o.updatedAt as Date).getTime() < windowMs,
      );
      if (refunds.length < 2) daysWithout.push(new Date(now).toISOString().slice(0, 10));
    }
    expect(daysWithout).toEqual([]);
  });
});

const catalogue: ProductForHistory[] = Array.from({ length: 12 }, (_, i) => ({
  id: `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
  name: `Product ${i}`,
  nameAr: null,
  images: [`/uploads/p${i}-800.webp`],
  category: i % 2 ? "dresses" : "blouses",
  price: 50_000 + i * 1_000,
  discount: i % 3 ? 0 : 10,
  bulkDiscountminQuantity: null,
  bulkDiscount: null,
  sizes: ["S", "M"],
  colors: ["#000000"],
}));

describe("without SEED_DEMO=true", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("writes no invented customers, orders or extra reviews (unset: the demo catalogue only)", async () => {
    await seedOnStart({ ...t.deps, config: { ...t.config, SEED_DEMO: undefined } });
    expect(await count(t, "products")).toBeGreaterThan(0); // the demo catalogue, as before
    expect(await count(t, "orders")).toBe(0);
    expect(await count(t, "users")).toBe(1); // the admin
    expect(await count(t, "posts")).toBe(DEMO_POSTS.length);
  }, 120_000);
});
