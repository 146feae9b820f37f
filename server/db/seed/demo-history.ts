/**
 * Ninety days of a shop's life for the demo (issue 18): customers signing up, orders placed and
 * delivered (a few cancelled), and reviews, so the dashboards' charts show something on the first
 * start. Only with SEED_DEMO=true said explicitly (decision 265): a real shop never gets invented
 * customers or orders.
 *
 * Deterministic: one seeded generator draws everything, so two seeds of the same catalogue on the
 * same day give the same shop (dates count back from now). Fast: a few bulk inserts, one
 * transaction. Prices come from the products through core/pricing, as a real order's do. Orders
 * here do not move stock: they are history, and the catalogue's stock is today's.
 */
import { phoneKey } from "@core/contact-keys";
import { lineTotal, orderTotals, toPiastres } from "@core/pricing";
import { eq } from "drizzle-orm";
import type { AppDeps } from "../../deps";
import { orderItems, orders, posts, products, users } from "../schema";
import type { OrderAddress } from "../schema/orders";
import { GOVERNORATES } from "./reference";

export const HISTORY_DAYS = 90;
const DAY = 86_400_000;
const SEED = 0x5eed_a27a;
/** Rows per INSERT statement: well under PostgreSQL's 65,535 parameters. */
const CHUNK = 400;

/** mulberry32: a tiny, well-mixed 32-bit generator; the same seed, the same numbers. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const FIRST_NAMES = [
  "Salma",
  "Nour",
  "Mariam",
  "Hoda",
  "Yasmin",
  "Reem",
  "Farida",
  "Laila",
  "Dina",
  "Aya",
  "Habiba",
  "Malak",
  "Rana",
  "Shahd",
  "Jana",
  "Menna",
];
const LAST_NAMES = [
  "Hassan",
  "Mahmoud",
  "Adel",
  "Kamal",
  "Fathy",
  "Saeed",
  "Mostafa",
  "Nabil",
  "Samir",
  "Ibrahim",
  "Ragab",
  "Tawfik",
];
const STREETS = [
  "El Tahrir St",
  "Abbas El Akkad St",
  "Gameat El Dowal St",
  "Fouad St",
  "El Haram St",
  "Makram Ebeid St",
  "El Nasr Rd",
];

/** Reviews beyond the catalogue's six (demo-catalogue.ts), in both languages. */
const REVIEWS: { description: string; stars: number }[] = [
  { description: "The fabric is soft and the stitching is neat. It looks exactly like the photos.", stars: 5 },
  { description: "الخامة حلوة جدًا والمقاس مظبوط، والتوصيل كان سريع.", stars: 5 },
  { description: "Nice colour, but I had to exchange for a smaller size. The exchange was quick.", stars: 4 },
  { description: "طلبت فستانين للعيد وكانوا أجمل من الصور. شكراً أزيا!", stars: 5 },
  { description: "Good quality for the price. Delivery to Mansoura took four days.", stars: 4 },
  { description: "الكارديجان دافي ومريح، بس اللون أغمق شوية من الصورة.", stars: 4 },
  { description: "My third order here, always packed nicely and paid cash at the door.", stars: 5 },
  { description: "The trousers run a little long, otherwise perfect for the office.", stars: 3 },
  { description: "البلوزة شيك جدًا ولبستها في فرح صاحبتي، الكل سألني جبتها منين.", stars: 5 },
  { description: "Comfortable abaya, light enough for the summer. Will order another colour.", stars: 5 },
];

export type ProductForHistory = Pick<
  typeof products.$inferSelect,
  | "id"
  | "name"
  | "nameAr"
  | "images"
  | "category"
  | "price"
  | "discount"
  | "bulkDiscountminQuantity"
  | "bulkDiscount"
  | "sizes"
  | "colors"
>;

export interface HistoryCounts {
  customers: number;
  orders: number;
  reviews: number;
}

/** Inserts the history; call on a shop whose demo catalogue has just been seeded. */
export async function seedDemoHistory(deps: AppDeps, now = Date.now()): Promise<HistoryCounts> {
  const catalogue: ProductForHistory[] = await deps.db
    .select({
      id: products.id,
      name: products.name,
      nameAr: products.nameAr,
      images: products.images,
      category: products.category,
      price: products.price,
      discount: products.discount,
      bulkDiscountminQuantity: products.bulkDiscountminQuantity,
      bulkDiscount: products.bulkDiscount,
      sizes: products.sizes,
      colors: products.colors,
    })
    .from(products)
    .where(eq(products.status, "approved"))
    .orderBy(products.code);
  const { customerRows, orderRows, reviewRows } = planDemoHistory(catalogue, now);
  await deps.db.transaction(async (tx) => {
    const ids = new Map<string, string>();
    for (let i = 0; i < customerRows.length; i += CHUNK) {
      const inserted = await tx
        .insert(users)
        .values(customerRows.slice(i, i + CHUNK))
        .returning({ id: users.id, email: users.email });
      for (const row of inserted) ids.set(row.email, row.id);
    }
    for (let i = 0; i < orderRows.length; i += CHUNK) {
      const chunk = orderRows.slice(i, i + CHUNK);
      const inserted = await tx
        .insert(orders)
        .values(
          chunk.map(({ items: _items, ...o }) => ({
            ...o,
            phoneKey: phoneKey(o.phone),
            userId: ids.get(o.email) ?? null,
          })),
        )
        .returning({ id: orders.id });
      const items = chunk.flatMap((o, j) => o.items.map((item) => ({ ...item, orderId: inserted[j]!.id })));
      for (let k = 0; k < items.length; k += CHUNK) await tx.insert(orderItems).values(items.slice(k, k + CHUNK));
    }
    if (reviewRows.length) await tx.insert(posts).values(reviewRows);
  });
  return { customers: customerRows.length, orders: orderRows.length, reviews: reviewRows.length };
}

/** A card order cancelled, and so refunded, once in this many days: the refund chart's line. */
const REFUND_EVERY_DAYS = 9;

/** The rows of the history, drawn from the catalogue by the seeded generator: no database, no clock. */
export function planDemoHistory(catalogue: readonly ProductForHistory[], now: number) {
  const random = seededRandom(SEED);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const between = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  const customerRows: (typeof users.$inferInsert)[] = [];
  const orderRows: (typeof orders.$inferInsert & { items: Omit<typeof orderItems.$inferInsert, "orderId">[] })[] = [];
  const reviewRows: (typeof posts.$inferInsert)[] = [];
  if (!catalogue.length) return { customerRows, orderRows, reviewRows };
  // Best sellers sell more: a product's weight falls with its place in a shuffled list.
  const popular = [...catalogue];
  for (let i = popular.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [popular[i], popular[j]] = [popular[j]!, popular[i]!];
  }
  const pickProduct = () => popular[Math.floor(popular.length * random() ** 2)]!;
  const cities = GOVERNORATES.slice(0, 8); // most orders come from the big cities

  const customers: { index: number; firstName: string; lastName: string; email: string; phone: string; at: number }[] =
    [];

  for (let daysAgo = HISTORY_DAYS - 1; daysAgo >= 0; daysAgo--) {
    const dayStart = now - daysAgo * DAY - 20 * 3600_000; // the day's orders fall between 04:00 and now-ish
    const growth = 1 - daysAgo / HISTORY_DAYS; // a young shop: busier every week
    const weekday = new Date(dayStart).getUTCDay();
    const weekend = weekday === 4 || weekday === 5 ? 1.4 : 1; // Thursday and Friday in Egypt
    const at = () => Math.min(now - 60_000, dayStart + Math.floor(random() * 18 * 3600_000));

    const signUps = Math.round((1 + 3 * growth) * (0.4 + random()));
    for (let i = 0; i < signUps; i++) {
      const index = customers.length + 1;
      const firstName = pick(FIRST_NAMES);
      const lastName = pick(LAST_NAMES);
      const email = `demo-customer-${index}@example.com`;
      const phone = `010${String(between(10_000_000, 99_999_999))}`;
      const created = at();
      customers.push({ index, firstName, lastName, email, phone, at: created });
      customerRows.push({
        firstName,
        lastName,
        email,
        phone,
        role: "user",
        passwordHash: null, // a demo customer cannot sign in
        activatedAt: new Date(created),
        lang: random() < 0.45 ? "ar" : "en",
        createdAt: new Date(created),
        updatedAt: new Date(created),
      });
    }

    const placed = Math.round((2 + 6 * growth) * weekend * (0.5 + random()));
    for (let i = 0; i < placed; i++) {
      const created = at();
      const known = customers.filter((c) => c.at < created);
      const customer = known.length && random() < 0.6 ? pick(known) : undefined;
      const city = pick(cities);
      const lines = Array.from({ length: between(1, 3) }, () => {
        const product = pickProduct();
        const quantity = random() < 0.85 ? 1 : 2;
        return { product, quantity, total: lineTotal(product, quantity) };
      });
      const totals = orderTotals({
        lineTotals: lines.map((l) => l.total),
        shippingFee: toPiastres(city.fee),
        freeShipping: false,
        promoPercent: 0,
      });
      // Every ninth day's first order was paid by card and cancelled: a refund. Left to chance
      // (6 % cancelled, 15 % by card) the refund chart drew nothing on one start in five.
      const refunded = i === 0 && daysAgo % REFUND_EVERY_DAYS === REFUND_EVERY_DAYS - 1;
      const status = refunded ? "Cancelled" : statusFor(daysAgo, random());
      const updated = Math.min(now - 30_000, created + (status === "Processing" ? 0 : (between(1, 4) * DAY) / 2));
      const card = refunded || random() < 0.15;
      const address: OrderAddress = {
        area: "",
        street: `${between(1, 120)} ${pick(STREETS)}`,
        building: String(between(1, 40)),
        floor: String(between(1, 12)),
        apartment: String(between(1, 30)),
        city: city.city,
        state: "",
        country: "Egypt",
        postalCode: "",
      };
      orderRows.push({
        orderNumber: `ORD-${String(between(0, 9_999_999)).padStart(7, "0")}${String(orderRows.length).padStart(6, "0")}`,
        userId: null, // set once the customers have ids
        firstName: customer?.firstName ?? pick(FIRST_NAMES),
        lastName: customer?.lastName ?? pick(LAST_NAMES),
        email: customer?.email ?? `demo-guest-${orderRows.length + 1}@example.com`,
        phone: customer?.phone ?? `011${String(between(10_000_000, 99_999_999))}`,
        paymentMethod: card ? "Credit Card" : "Cash on Delivery",
        paymentStatus: card ? "Paid" : status === "Delivered" ? "Paid" : "Unpaid",
        status,
        address,
        subtotal: totals.subtotal,
        promoDiscount: totals.promoDiscount,
        shippingPrice: totals.shipping,
        total: totals.total,
        lang: random() < 0.45 ? "ar" : "en",
        createdAt: new Date(created),
        updatedAt: new Date(updated),
        items: lines.map(({ product, quantity, total }) => ({
          productId: product.id,
          name: product.name,
          nameAr: product.nameAr,
          image: product.images[0] ?? null,
          category: product.category,
          quantity,
          size: pick(product.sizes.length ? product.sizes : ["M"]),
          color: pick(product.colors.length ? product.colors : ["#000000"]),
          unitPrice: product.price,
          discount: product.discount,
          lineTotal: total,
        })),
      });
    }

    // The catalogue's own six reviews cover the last two weeks; these the weeks before.
    if (daysAgo > 15 && random() < 0.4) {
      const review = pick(REVIEWS);
      reviewRows.push({
        name: `${pick(FIRST_NAMES)} ${pick(LAST_NAMES)[0]}.`,
        description: review.description,
        stars: review.stars,
        createdAt: new Date(at()),
      });
    }
  }

  return { customerRows, orderRows, reviewRows };
}

/** Older orders are delivered (a few cancelled); the last days' are still on their way. */
function statusFor(daysAgo: number, r: number): (typeof orders.$inferInsert)["status"] {
  if (r < 0.06) return "Cancelled";
  if (daysAgo > 10) return "Delivered";
  if (daysAgo > 4) return r < 0.5 ? "Delivered" : r < 0.7 ? "Out for Delivery" : "Shipped";
  return r < 0.6 ? "Processing" : "Shipped";
}
