/** Back-office test data: products and orders inserted straight into the tables, money in piastres. */
import crypto from "node:crypto";
import type { Db } from "../../server/db/client";
import { orderItems, orders, products } from "../../server/db/schema";
import type { OrderStatus, PaymentMethod } from "../../core/constants";
import { variantsFromProductStock } from "../../server/modules/catalog/variants";

export async function insertProduct(db: Db, overrides: Partial<typeof products.$inferInsert> = {}) {
  const [row] = await db
    .insert(products)
    .values({
      name: `Fixture Dress ${crypto.randomBytes(3).toString("hex")}`,
      code: `FX-${crypto.randomBytes(4).toString("hex")}`,
      description: "A fixture product",
      category: "dresses",
      price: 50_000,
      totalPrice: 50_000,
      stock: 20,
      images: ["/uploads/fixture-800.webp"],
      sizes: ["M"],
      colors: ["#000000"],
      status: "approved",
      ...overrides,
    })
    .returning();
  await variantsFromProductStock(db, [row!.id]);
  return row!;
}

export interface FixtureLine {
  product: typeof products.$inferSelect;
  quantity: number;
}

/** An order with its lines; `total` is what the analytics read, so it is given explicitly. */
export async function insertOrder(
  db: Db,
  opts: {
    total: number;
    status?: OrderStatus;
    paymentMethod?: PaymentMethod;
    paymentStatus?: "Unpaid" | "Paid";
    createdAt?: Date;
    updatedAt?: Date;
    lines?: FixtureLine[];
    userId?: string | null;
    firstName?: string;
  },
) {
  const createdAt = opts.createdAt ?? new Date();
  const [order] = await db
    .insert(orders)
    .values({
      orderNumber: `ORD-${crypto.randomInt(10 ** 12, 10 ** 13 - 1)}`,
      userId: opts.userId ?? null,
      firstName: opts.firstName ?? "Salma",
      lastName: "Adel",
      email: "salma@example.com",
      phone: "01011112222",
      paymentMethod: opts.paymentMethod ?? "Cash on Delivery",
      paymentStatus: opts.paymentStatus ?? "Unpaid",
      status: opts.status ?? "Processing",
      address: {
        area: "Zamalek",
        street: "26th of July",
        building: "5",
        floor: "2",
        apartment: "4",
        city: "Cairo",
        state: "",
        country: "Egypt",
        postalCode: "",
      },
      subtotal: opts.total,
      shippingPrice: 0,
      total: opts.total,
      createdAt,
      updatedAt: opts.updatedAt ?? createdAt,
    })
    .returning();
  if (opts.lines?.length) {
    await db.insert(orderItems).values(
      opts.lines.map((l) => ({
        orderId: order!.id,
        productId: l.product.id,
        name: l.product.name,
        category: l.product.category,
        quantity: l.quantity,
        size: "M",
        color: "#000000",
        unitPrice: l.product.price,
        lineTotal: l.product.price * l.quantity,
      })),
    );
  }
  return order!;
}

/** A day as the analytics count it: the calendar day in Cairo. */
export const cairoDay = (d: Date) => new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Cairo" }).format(d);
export const cairoMonth = (d: Date) => cairoDay(d).slice(0, 7);
export const daysAgo = (n: number) => new Date(Date.now() - n * 24 * 3600_000);
/** The Cairo calendar day n days before today's, "YYYY-MM-DD": not cairoDay(daysAgo(n)), which a
 *  daylight-saving change in between moves by a day late in the evening. */
export const cairoDaysBefore = (n: number) => {
  const [y, m, d] = cairoDay(new Date()).split("-").map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! - n)).toISOString().slice(0, 10);
};
