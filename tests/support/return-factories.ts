/** Test data for returns (issue 17): a delivered order some days ago, and the request's multipart body. */
import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { orders } from "../../server/db/schema";
import type { TestApp } from "./test-app";
import { makeProduct, orderPayload } from "./order-factories";

/** A small real image (PNG), as a phone's photo would be but tiny. */
export const photoPng = () =>
  sharp({ create: { width: 24, height: 16, channels: 3, background: "#c2185b" } })
    .png()
    .toBuffer();

export interface DeliveredOrder {
  _id: string;
  orderNumber: string;
  email: string;
  phone: string;
  productId: string;
  lines: { _id: string; quantity: number; size: string; color: string; lineTotal: number }[];
}

/**
 * A product in M, L and S (black): M has the order's units, L has `lStock`, S none. The order buys
 * `quantity` of M (signed in with `cookie`, or as a guest) and was delivered `daysAgo` days ago.
 */
export async function deliveredOrder(
  t: TestApp,
  o: { cookie?: string; quantity?: number; daysAgo?: number; lStock?: number; price?: number } = {},
): Promise<DeliveredOrder> {
  const product = await makeProduct(t.deps.db, {
    price: o.price ?? 50_000,
    sizes: ["S", "M", "L"],
    colors: ["#000000"],
    variants: [
      { size: "M", color: "#000000", stock: 10 },
      { size: "L", color: "#000000", stock: o.lStock ?? 3 },
      { size: "S", color: "#000000", stock: 0 },
    ],
  });
  const res = await t.app.inject({
    method: "POST",
    url: o.cookie ? "/api/order" : "/api/order/guest",
    payload: orderPayload([{ productId: product.id, quantity: o.quantity ?? 2 }]),
    headers: o.cookie ? { cookie: o.cookie } : {},
  });
  if (res.statusCode !== 201) throw new Error(`order not placed: ${res.body}`);
  const order = res.json().order;
  const days = o.daysAgo ?? 1;
  await t.deps.db
    .update(orders)
    .set({
      status: "Delivered",
      paymentStatus: "Paid",
      confirmation: null,
      deliveredAt: sql`now() - make_interval(hours => ${Math.round(days * 24)})`,
    })
    .where(eq(orders.id, order._id));
  return {
    _id: order._id,
    orderNumber: order.orderNumber,
    email: order.email,
    phone: order.phone,
    productId: product.id,
    lines: order.products.map((l: DeliveredOrder["lines"][number]) => ({
      _id: l._id,
      quantity: l.quantity,
      size: l.size,
      color: l.color,
      lineTotal: l.lineTotal,
    })),
  };
}

/** POST /api/returns's body: the JSON request in `request`, photos in `photos`. */
export function returnForm(request: unknown, photos: { content: Buffer; type?: string; name?: string }[] = []) {
  const boundary = `----ret${crypto.randomBytes(8).toString("hex")}`;
  const parts: Buffer[] = [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="request"\r\n\r\n${JSON.stringify(request)}\r\n`,
    ),
  ];
  for (const [i, p] of photos.entries()) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="photos"; filename="${p.name ?? `photo-${i}.png`}"\r\nContent-Type: ${p.type ?? "image/png"}\r\n\r\n`,
      ),
      p.content,
      Buffer.from("\r\n"),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}
