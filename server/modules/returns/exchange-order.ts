/**
 * An approved exchange ships as a new order (issue 17, decision 311): the original's customer and
 * address, the new pairs, no charge (total 0, marked paid, so its label collects nothing) and no
 * cash-on-delivery confirmation. The link is the request's `exchange_order_id`; the order JSON
 * shows it both ways.
 */
import type { DbOrTx } from "../../db/client";
import { orderItems, orders } from "../../db/schema";
import { newOrderNumber } from "../orders/order-number";
import type { OrderItemRow, OrderRow } from "./return-window";

export interface ExchangeLine {
  item: OrderItemRow;
  quantity: number;
  size: string;
  color: string;
}

export async function createExchangeOrder(
  tx: DbOrTx,
  original: OrderRow,
  lines: ExchangeLine[],
): Promise<{ id: string; orderNumber: string }> {
  const [row] = await tx
    .insert(orders)
    .values({
      orderNumber: newOrderNumber(),
      userId: original.userId,
      firstName: original.firstName,
      lastName: original.lastName,
      email: original.email,
      phone: original.phone,
      notes: "",
      paymentMethod: original.paymentMethod,
      paymentStatus: "Paid",
      status: "Processing",
      address: original.address,
      subtotal: 0,
      promoDiscount: 0,
      shippingPrice: 0,
      total: 0,
      lang: original.lang,
      confirmation: null,
    })
    .returning({ id: orders.id, orderNumber: orders.orderNumber });
  await tx.insert(orderItems).values(
    lines.map((l) => ({
      orderId: row!.id,
      productId: l.item.productId,
      name: l.item.name,
      nameAr: l.item.nameAr,
      image: l.item.image,
      category: l.item.category,
      quantity: l.quantity,
      size: l.size,
      color: l.color,
      unitPrice: 0,
      discount: 0,
      lineTotal: 0,
    })),
  );
  return row!;
}
