import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { products } from "./catalog";

export interface OrderAddress {
  area: string;
  street: string;
  building: string;
  floor: string;
  apartment: string;
  city: string;
  state: string;
  country: string;
  postalCode: string;
}

export const orders = pgTable(
  "orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderNumber: text("order_number").notNull(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    /** The phone as core/contact-keys.ts normalises it: the customer record and blocks match on it (issue 16). */
    phoneKey: text("phone_key").notNull().default(""),
    notes: text("notes").notNull().default(""),
    promoCode: text("promo_code"),
    promoPercent: integer("promo_percent").notNull().default(0),
    paymentMethod: text("payment_method", { enum: ["Cash on Delivery", "Credit Card"] }).notNull(),
    /** Set by the card provider's verified callback, or by delivery for cash (docs/decisions/117). */
    paymentStatus: text("payment_status", { enum: ["Unpaid", "Paid", "Failed"] })
      .notNull()
      .default("Unpaid"),
    /** The provider's transaction that paid the order. */
    paymentTransactionId: text("payment_transaction_id"),
    status: text("status", { enum: ["Processing", "Shipped", "Out for Delivery", "Delivered", "Cancelled"] })
      .notNull()
      .default("Processing"),
    address: jsonb("address").$type<OrderAddress>().notNull(),
    /** All money in piastres, computed by the server at the moment of the order. */
    subtotal: integer("subtotal").notNull(),
    promoDiscount: integer("promo_discount").notNull().default(0),
    shippingPrice: integer("shipping_price").notNull(),
    /** The cash-on-delivery fee (COD_FEE at the time of the order), included in total. */
    codFee: integer("cod_fee").notNull().default(0),
    total: integer("total").notNull(),
    lang: text("lang", { enum: ["en", "ar"] })
      .notNull()
      .default("en"),
    /** Cash-on-delivery confirmation (issue 16); null where none is asked (card, or COD_CONFIRMATION=off). */
    confirmation: text("confirmation", { enum: ["pending", "confirmed"] }),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    confirmedBy: text("confirmed_by", { enum: ["customer", "staff"] }),
    /** Why staff cancelled it (issue 16); null while not cancelled, or cancelled with no reason given. */
    cancelReason: text("cancel_reason", { enum: ["refused", "customer_asked", "unreachable", "other"] }),
    /** When it last became Delivered (issue 17: the 14-day return window counts from it); null otherwise. */
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("orders_number_key").on(t.orderNumber),
    index("orders_user_idx").on(t.userId, t.createdAt),
    index("orders_created_idx").on(t.createdAt),
    index("orders_phone_key_idx").on(t.phoneKey),
    index("orders_email_idx").on(t.email),
    index("orders_awaiting_confirmation_idx").on(t.createdAt).where(sql`${t.confirmation} = 'pending'`),
    check("orders_total_non_negative", sql`${t.total} >= 0`),
  ],
);

export const orderItems = pgTable(
  "order_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    productId: uuid("product_id").references(() => products.id, { onDelete: "set null" }),
    /** Snapshots, so an order reads the same after the product changes. */
    name: text("name").notNull(),
    nameAr: text("name_ar"),
    image: text("image"),
    category: text("category"),
    quantity: integer("quantity").notNull(),
    size: text("size").notNull(),
    color: text("color").notNull(),
    unitPrice: integer("unit_price").notNull(),
    discount: integer("discount").notNull().default(0),
    lineTotal: integer("line_total").notNull(),
  },
  (t) => [index("order_items_order_idx").on(t.orderId), index("order_items_product_idx").on(t.productId)],
);

/** A retried order with the same Idempotency-Key returns the first answer (DESIGN.md §4). */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    scope: text("scope").notNull(),
    key: text("key").notNull(),
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "cascade" }),
    /** SHA-256 of the order payload: the key replays only the same order (docs/decisions/116). */
    payloadHash: text("payload_hash"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] })],
);
