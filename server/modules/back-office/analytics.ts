/**
 * The dashboards' figures (SPEC §3 Analytics), each computed by the database in a fixed number of
 * queries whatever the size of the shop. Days are calendar days in Cairo, as YYYY-MM-DD, and each
 * series always covers the last 30 days, days without activity with 0, so the charts keep an even
 * time axis and a young shop's one day of data draws a line, not a lone dot (docs/decisions/137).
 *
 * Meanings (docs/decisions/020-back-office-analytics.md):
 * - totalRevenue and averageOrderValue count every order that is not Cancelled (cash on delivery:
 *   what the shop expects to collect), in EGP; totalOrders counts every order.
 * - refundAmountsOverTime: money really given back each day (issue 17, decision 313): the refunds
 *   staff recorded on returns (the day marked refunded), and paid orders that were cancelled (the
 *   day of their last status change). An unpaid cash order that is cancelled refunds nothing.
 * - returnRate: the share of delivered orders (in percent, one decimal) with a return or exchange
 *   request that was not rejected; topReturnReasons: requests per reason, most first.
 * - topCategories and mostSoldProducts: units sold in orders that are not Cancelled.
 * - topPaymentMethods: number of orders that are not Cancelled, per method.
 * - lowStockProducts: size and colour pairs of approved, not deleted products with 5 or fewer in
 *   stock (one entry per pair, with its size, colour and SKU: issue 15).
 */
import { sql } from "drizzle-orm";
import { toEgp } from "@core/pricing";
import type { DbOrTx } from "../../db/client";
import { num, queryRows } from "./sql-rows";
import type { AdminAnalytics, ModeratorAnalytics } from "./back-office-dto";

export const SHOP_TIME_ZONE = "Africa/Cairo";
export const SERIES_DAYS = 30;
export const LOW_STOCK_THRESHOLD = 5;
const LIST_LIMIT = 10;

const tz = sql.raw(`'${SHOP_TIME_ZONE}'`);
const localDay = (column: string) => sql.raw(`(${column} at time zone '${SHOP_TIME_ZONE}')::date`);
const today = sql`(now() at time zone ${tz})::date`;
const monthStart = sql`(date_trunc('month', now() at time zone ${tz}) at time zone ${tz})`;

/** The days of a series: always the last 30, padded with zero days (docs/decisions/137). */
const seriesDays = () => sql`
  select generate_series(${today} - ${sql.raw(String(SERIES_DAYS - 1))}, ${today}, interval '1 day')::date as d`;

export async function getModeratorAnalytics(db: DbOrTx): Promise<ModeratorAnalytics> {
  const [products, orders, categories, mostSold, lowStock, series, methods, cod, returns, reasons] = await Promise.all([
    queryRows<{ total: unknown; hidden: unknown }>(
      db,
      sql`select count(*) filter (where not hidden) as total, count(*) filter (where hidden) as hidden from products`,
    ),
    queryRows<{ total: unknown; kept: unknown; revenue: unknown; this_month: unknown }>(
      db,
      sql`select count(*) as total,
                 count(*) filter (where status <> 'Cancelled') as kept,
                 coalesce(sum(total) filter (where status <> 'Cancelled'), 0) as revenue,
                 count(*) filter (where created_at >= ${monthStart}) as this_month
            from orders`,
    ),
    queryRows<{ name: string; value: unknown }>(
      db,
      sql`select coalesce(oi.category, p.category, 'other') as name, sum(oi.quantity) as value
            from order_items oi
            join orders o on o.id = oi.order_id and o.status <> 'Cancelled'
            left join products p on p.id = oi.product_id
           group by 1
           order by value desc, name
           limit ${LIST_LIMIT}`,
    ),
    queryRows<{ id: string; name: string; name_ar: string | null; sales: unknown }>(
      db,
      sql`select oi.product_id as id, coalesce(max(p.name), max(oi.name)) as name,
                 coalesce(max(p.name_ar), max(oi.name_ar)) as name_ar, sum(oi.quantity) as sales
            from order_items oi
            join orders o on o.id = oi.order_id and o.status <> 'Cancelled'
            left join products p on p.id = oi.product_id
           where oi.product_id is not null
           group by oi.product_id
           order by sales desc, name
           limit ${LIST_LIMIT}`,
    ),
    // Per size and colour (issue 15): a pair running out is what staff must reorder.
    queryRows<{
      id: string;
      name: string;
      name_ar: string | null;
      images: string[];
      stock: number;
      size: string;
      color: string;
      sku: string;
    }>(
      db,
      sql`select p.id, p.name, p.name_ar, p.images, v.stock, v.size, v.color, v.sku
            from product_variants v
            join products p on p.id = v.product_id
           where p.status = 'approved' and not p.hidden and v.stock <= ${LOW_STOCK_THRESHOLD}
           -- Fewest first; among equals the product changed last, so a pair that just ran out is not
           -- hidden behind older sold-out pairs of the catalogue (the list shows 20).
           order by v.stock, p.updated_at desc, p.name, v.size, v.color
           limit ${LIST_LIMIT * 2}`,
    ),
    queryRows<{ date: string; revenue: unknown; refunds: unknown }>(
      db,
      sql`with days as (${seriesDays()}),
               placed as (
                 select ${localDay("created_at")} as d, sum(total) as revenue
                   from orders where status <> 'Cancelled' group by 1),
               cancelled as (
                 select d, sum(amount) as refunds from (
                   select ${localDay("updated_at")} as d, total as amount
                     from orders where status = 'Cancelled' and payment_status = 'Paid'
                   union all
                   select ${localDay("refunded_at")} as d, refund_amount as amount
                     from return_requests where state = 'refunded') given
                  group by 1)
          select to_char(days.d, 'YYYY-MM-DD') as date,
                 coalesce(placed.revenue, 0) as revenue,
                 coalesce(cancelled.refunds, 0) as refunds
            from days
            left join placed on placed.d = days.d
            left join cancelled on cancelled.d = days.d
           order by days.d`,
    ),
    queryRows<{ name: string; value: unknown }>(
      db,
      sql`select payment_method as name, count(*) as value
            from orders where status <> 'Cancelled'
           group by 1 order by value desc, name`,
    ),
    // Issue 16: the orders placed in the series' 30 days. A refused order was shipped (it is
    // Cancelled now, with the reason "refused"), so it counts among the shipped too.
    queryRows<{ asked: unknown; confirmed: unknown; shipped: unknown; refused: unknown }>(
      db,
      sql`select count(*) filter (where confirmation is not null) as asked,
                 count(*) filter (where confirmation = 'confirmed') as confirmed,
                 count(*) filter (where status in ('Shipped', 'Out for Delivery', 'Delivered')
                                     or (status = 'Cancelled' and cancel_reason = 'refused')) as shipped,
                 count(*) filter (where status = 'Cancelled' and cancel_reason = 'refused') as refused
            from orders
           where ${localDay("created_at")} > ${today} - ${sql.raw(String(SERIES_DAYS))}`,
    ),
    queryRows<{ asked: unknown; delivered: unknown }>(
      db,
      sql`select (select count(distinct order_id) from return_requests where state <> 'rejected') as asked,
                 (select count(*) from orders where status = 'Delivered') as delivered`,
    ),
    queryRows<{ name: string; value: unknown }>(
      db,
      sql`select reason as name, count(*) as value from return_requests
           group by 1 order by value desc, name limit ${LIST_LIMIT}`,
    ),
  ]);

  const o = orders[0]!;
  const c = cod[0];
  const rate = (part: number, whole: number) => (whole === 0 ? null : part / whole);
  const r = returns[0]!;
  const revenue = num(o.revenue);
  const kept = num(o.kept);
  return {
    totalProducts: num(products[0]?.total),
    hiddenProducts: num(products[0]?.hidden),
    totalOrders: num(o.total),
    totalRevenue: toEgp(revenue),
    ordersThisMonth: num(o.this_month),
    averageOrderValue: kept === 0 ? 0 : toEgp(Math.round(revenue / kept)),
    topCategories: categories.map((c) => ({ name: c.name, value: num(c.value) })),
    mostSoldProducts: mostSold.map((p) => ({
      name: p.name,
      nameAr: p.name_ar || null,
      sales: num(p.sales),
      _id: p.id,
    })),
    lowStockProducts: lowStock.map((p) => ({
      name: p.name,
      nameAr: p.name_ar || null,
      images: p.images,
      stock: num(p.stock),
      size: p.size,
      color: p.color,
      sku: p.sku,
      _id: p.id,
    })),
    refundAmountsOverTime: series.map((s) => ({ date: s.date, amount: toEgp(num(s.refunds)) })),
    revenueOverTime: series.map((s) => ({ date: s.date, revenue: toEgp(num(s.revenue)) })),
    topPaymentMethods: methods.map((m) => ({ name: m.name, value: num(m.value) })),
    codRates: {
      confirmationRate: rate(num(c?.confirmed), num(c?.asked)),
      confirmed: num(c?.confirmed),
      needingConfirmation: num(c?.asked),
      refusalRate: rate(num(c?.refused), num(c?.shipped)),
      refused: num(c?.refused),
      shipped: num(c?.shipped),
    },
    returnRate: num(r.delivered) === 0 ? 0 : Math.round((num(r.asked) * 1000) / num(r.delivered)) / 10,
    topReturnReasons: reasons.map((x) => ({ name: x.name, value: num(x.value) })),
  };
}

export async function getAdminAnalytics(db: DbOrTx): Promise<AdminAnalytics> {
  const [users, userSeries, orderSeries, collections, categories] = await Promise.all([
    queryRows<{ total: unknown; this_month: unknown }>(
      db,
      sql`select count(*) as total, count(*) filter (where created_at >= ${monthStart}) as this_month
            from users where deleted_at is null`,
    ),
    queryRows<{ date: string; count: unknown }>(
      db,
      sql`with days as (${seriesDays()}),
               joined as (
                 select ${localDay("created_at")} as d, count(*) as n
                   from users where deleted_at is null group by 1)
          select to_char(days.d, 'YYYY-MM-DD') as date, coalesce(joined.n, 0) as count
            from days left join joined on joined.d = days.d
           order by days.d`,
    ),
    queryRows<{ date: string; count: unknown }>(
      db,
      sql`with days as (${seriesDays()}),
               placed as (select ${localDay("created_at")} as d, count(*) as n from orders group by 1)
          select to_char(days.d, 'YYYY-MM-DD') as date, coalesce(placed.n, 0) as count
            from days left join placed on placed.d = days.d
           order by days.d`,
    ),
    queryRows<{ name: string; active: boolean }>(
      db,
      sql`select name, active from collections order by sort_order, name`,
    ),
    queryRows<{ n: unknown }>(db, sql`select count(*) as n from categories`),
  ]);
  const active = collections.filter((c) => c.active).map((c) => c.name);
  return {
    totalUsers: num(users[0]?.total),
    totalUsersThisMonth: num(users[0]?.this_month),
    usersOverTimeDate: userSeries.map((s) => ({ date: s.date, count: num(s.count) })),
    ordersOverTimeDate: orderSeries.map((s) => ({ date: s.date, count: num(s.count) })),
    totalActiveCollections: active.length,
    activeCollections: active,
    categoryCount: num(categories[0]?.n),
    collectionCount: collections.length,
  };
}
