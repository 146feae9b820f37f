/**
 * The order JSON of SPEC §3 and DESIGN.md §4, built from an orders row and its order_items
 * snapshots. Money leaves as EGP numbers. `shipping.status` is the order's status (DESIGN.md §4);
 * `status` repeats it at the top for convenience.
 */
import { z } from "zod";
import { toEgp } from "@core/pricing";
import { ORDER_STATUSES, PAYMENT_METHODS } from "@core/constants";
import { CANCEL_REASONS } from "@core/validation/customers";
import { customerRecordDto } from "../customers/customer-dto";
import type { orderItems, orders, OrderAddress } from "../../db/schema";
import { noReturns, orderReturnsDto, type OrderReturns } from "./order-returns";

export type OrderRow = typeof orders.$inferSelect;
/** Unpaid until the card provider's verified callback (or, for cash, delivery) says otherwise. */
export const PAYMENT_STATUSES = ["Unpaid", "Paid", "Failed"] as const satisfies readonly OrderRow["paymentStatus"][];
export type PaymentStatus = OrderRow["paymentStatus"];
export type OrderItemRow = typeof orderItems.$inferSelect;

const orderAddressDto = z.object({
  area: z.string(),
  street: z.string(),
  building: z.string(),
  floor: z.string(),
  apartment: z.string(),
  city: z.string(),
  state: z.string(),
  country: z.string(),
  postalCode: z.string(),
}) satisfies z.ZodType<OrderAddress>;

export const orderLineDto = z.object({
  _id: z.string(),
  /** The product as it was when ordered (name, image and prices are snapshots). */
  productId: z.object({
    _id: z.string().nullable(),
    name: z.string(),
    /** The Arabic name where staff gave one. */
    nameAr: z.string().nullable(),
    images: z.array(z.string()),
    category: z.string().nullable(),
    /** Unit price before the discount, EGP. */
    price: z.number(),
    discount: z.number(),
    /** Unit price after the discount, EGP. */
    totalPrice: z.number(),
  }),
  quantity: z.number(),
  size: z.string(),
  color: z.string(),
  /** Unit price paid, after the discount (EGP). */
  price: z.number(),
  /** The line's total with bulk sets (EGP). */
  lineTotal: z.number(),
});
export type OrderLineDTO = z.infer<typeof orderLineDto>;

export const orderDto = z.object({
  _id: z.string(),
  orderNumber: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  notes: z.string(),
  promoCode: z.string().nullable(),
  promoPercent: z.number(),
  paymentMethod: z.enum(PAYMENT_METHODS),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  status: z.enum(ORDER_STATUSES),
  lang: z.enum(["en", "ar"]),
  totalAmount: z.number(),
  products: z.array(orderLineDto),
  orderSummary: z.object({
    /** Number of items (sum of quantities). */
    orderItems: z.number(),
    /** Items after their discounts, before the promo code (EGP). */
    subtotal: z.number(),
    shipping: z.number(),
    /** The promo code's discount (EGP). */
    discount: z.number(),
    /** The cash-on-delivery fee (EGP, issue 16); 0 for card orders or without COD_FEE. */
    codFee: z.number(),
    total: z.number(),
  }),
  shipping: z.object({ status: z.enum(ORDER_STATUSES), shippingPrice: z.number(), address: orderAddressDto }),
  /** True on the guest tracking view, where name, contact and address are masked. */
  masked: z.boolean(),
  /** Cash on delivery awaiting or given confirmation (issue 16); null where none is asked. */
  confirmation: z.enum(["pending", "confirmed"]).nullable(),
  confirmedAt: z.string().nullable(),
  confirmedBy: z.enum(["customer", "staff"]).nullable(),
  /** Why staff cancelled it (issue 16): refused at the door, the customer asked, unreachable, other; else null. */
  cancelReason: z.enum(CANCEL_REASONS).nullable(),
  /** When the order became Delivered; null while it is not (issue 17). */
  deliveredAt: z.string().nullable(),
  /** Its return and exchange requests, and the exchange link both ways (issue 17). */
  ...orderReturnsDto.shape,
});
export type OrderDTO = z.infer<typeof orderDto>;

/** GET /moderator/orders: one page of every order. */
export const staffOrderPageDto = z.object({
  orders: z.array(orderDto),
  /** Each order's customer record by order id (issue 16). */
  records: z.record(z.string(), customerRecordDto),
  metadata: z.object({ total: z.number(), page: z.number(), limit: z.number(), totalPages: z.number() }),
});
export type StaffOrderPageDTO = z.infer<typeof staffOrderPageDto>;

export function toOrderLineDTO(item: OrderItemRow): OrderLineDTO {
  const unitAfter = Math.round((item.unitPrice * (100 - item.discount)) / 100);
  return {
    _id: item.id,
    productId: {
      _id: item.productId,
      name: item.name,
      nameAr: item.nameAr,
      images: item.image ? [item.image] : [],
      category: item.category,
      price: toEgp(item.unitPrice),
      discount: item.discount,
      totalPrice: toEgp(unitAfter),
    },
    quantity: item.quantity,
    size: item.size,
    color: item.color,
    price: toEgp(unitAfter),
    lineTotal: toEgp(item.lineTotal),
  };
}

export function toOrderDTO(order: OrderRow, items: OrderItemRow[], returns: OrderReturns = noReturns()): OrderDTO {
  return {
    _id: order.id,
    orderNumber: order.orderNumber,
    createdAt: order.createdAt.toISOString(),
    updatedAt: order.updatedAt.toISOString(),
    firstName: order.firstName,
    lastName: order.lastName,
    email: order.email,
    phone: order.phone,
    notes: order.notes,
    promoCode: order.promoCode,
    promoPercent: order.promoPercent,
    paymentMethod: order.paymentMethod,
    paymentStatus: order.paymentStatus,
    status: order.status,
    lang: order.lang,
    totalAmount: toEgp(order.total),
    products: items.map(toOrderLineDTO),
    orderSummary: {
      orderItems: items.reduce((n, i) => n + i.quantity, 0),
      subtotal: toEgp(order.subtotal),
      shipping: toEgp(order.shippingPrice),
      discount: toEgp(order.promoDiscount),
      codFee: toEgp(order.codFee),
      total: toEgp(order.total),
    },
    shipping: { status: order.status, shippingPrice: toEgp(order.shippingPrice), address: order.address },
    masked: false,
    confirmation: order.confirmation,
    confirmedAt: order.confirmedAt?.toISOString() ?? null,
    confirmedBy: order.confirmedBy,
    cancelReason: order.cancelReason,
    deliveredAt: order.deliveredAt?.toISOString() ?? null,
    ...returns,
  };
}

const maskWord = (s: string) => (s ? `${[...s][0]}***` : "");

/** '01012345678' → '010*****678': the first and last three digits stay, so a customer recognises it. */
export function maskPhone(phone: string): string {
  const chars = [...phone.replace(/\s+/g, "")];
  if (chars.length <= 6) return "*".repeat(chars.length);
  return chars.slice(0, 3).join("") + "*".repeat(chars.length - 6) + chars.slice(-3).join("");
}

export function maskEmail(email: string): string {
  const at = email.indexOf("@");
  return at > 0 ? `${maskWord(email.slice(0, at))}${email.slice(at)}` : maskWord(email);
}

const hidden = (s: string) => (s ? "***" : "");

/**
 * The guest tracking view (DESIGN.md §5): status, items and totals stay; the name, contact and the
 * street address are masked. The city, state and country stay, so the customer can tell the order.
 */
export function maskOrder(order: OrderDTO): OrderDTO {
  const a = order.shipping.address;
  return {
    ...order,
    firstName: maskWord(order.firstName),
    lastName: maskWord(order.lastName),
    email: maskEmail(order.email),
    phone: maskPhone(order.phone),
    notes: "",
    shipping: {
      ...order.shipping,
      address: {
        ...a,
        area: hidden(a.area),
        street: hidden(a.street),
        building: hidden(a.building),
        floor: hidden(a.floor),
        apartment: hidden(a.apartment),
        postalCode: hidden(a.postalCode),
      },
    },
    masked: true,
  };
}
